import { type ForgeBench, measureForgeSync, printForgesSideBySide } from './forge-sync';
import { githubBench } from './github';

/** The forges the `forges` part compares, each over its own forge-sim. */
const FORGES: readonly ForgeBench[] = [githubBench];

/** `BENCH_ONLY=forges`: the 1,000-file workspace sync of the GitHub part on every forge,
 * side by side (issue 27). */
export async function benchForges(): Promise<void> {
  const results = [];
  for (const bench of FORGES) results.push({ bench, measures: await measureForgeSync(bench) });
  printForgesSideBySide(results);
}
