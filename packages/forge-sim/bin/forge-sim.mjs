#!/usr/bin/env node
// Starts forge-sim with a demo user and prints its URL and the demo token (`pnpm forge-sim` at
// the root builds the package first). Options: --port N (default 4010), --data DIR.
import { CliError, runCli } from '../dist/cli.js';

let forge;
try {
  ({ forge } = await runCli(process.argv.slice(2), (line) => console.log(line)));
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(`forge-sim: ${error.message}`);
  process.exit(2);
}
const stop = () => {
  forge.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
