import { type ForgeBench, measureForgeSync, printForgesSideBySide } from './forge-sync';
import { giteeBench } from './gitee';
import { giteaBench, gitlabBench } from './forge-benches';
import { githubBench } from './github';

/** The forges the `forges` part compares, each over its own forge-sim. */
const FORGES: readonly ForgeBench[] = [githubBench, gitlabBench, giteaBench, giteeBench];

/** `BENCH_ONLY=forges`: the 1,000-file workspace sync of the GitHub part on every forge,
 * side by side (issue 27). Gitee writes
 * one commit per changed file: its API has no multi-file commit (docs/reference/gitee.md). */
export async function benchForges(): Promise<void> {
  const results = [];
  for (const bench of FORGES) results.push({ bench, measures: await measureForgeSync(bench) });
  printForgesSideBySide(results);
}
