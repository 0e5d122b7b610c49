#!/usr/bin/env node
// Starts cloud-sim with a demo account and prints its URL and a demo token (`pnpm cloud-sim` at
// the root builds the package first). Options: --port N (default 4020), --redirect URL.
import { CliError, runCli } from '../dist/cli.js';

let sim;
try {
  ({ sim } = await runCli(process.argv.slice(2), (line) => console.log(line)));
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(`cloud-sim: ${error.message}`);
  process.exit(2);
}
const stop = () => {
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
