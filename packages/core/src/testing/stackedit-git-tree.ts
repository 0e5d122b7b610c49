// The StackEdit git workspace fixtures (providers/git/fixtures/stackedit-git/tree, written after
// StackEdit's source, and real/tree, written by the real StackEdit; their READMEs say how they
// were made), for the tests of StackEdit's layout in a repository and in a folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitWithGit } from './git-inspect.js';
import { GITHUB_TEST_LOGIN, type GithubTestForge } from './github-provider.js';

/** A fixture's files by path (from the workspace's folder), as text: `tree` (the default) or
 * `real/tree` (the one the real StackEdit wrote). */
export function stackeditGitTree(which: 'tree' | 'real/tree' = 'tree'): Map<string, string> {
  const root = fileURLToPath(
    new URL(`../providers/git/fixtures/stackedit-git/${which}`, import.meta.url),
  );
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

/** A repository of the test forge whose `notes/` folder is `tree` (a README beside it, outside
 * the workspace), pushed with git as StackEdit or another tool would. */
export async function stackeditRepository(
  t: GithubTestForge,
  tree = stackeditGitTree(),
): Promise<{ repo: string; tree: Map<string, string> }> {
  const repo = await t.createRepository();
  const files = new Map([...tree].map(([path, text]) => [`notes/${path}`, text]));
  files.set('README.md', 'Outside the workspace.\n');
  await commitWithGit(t.forge, GITHUB_TEST_LOGIN, repo, files, 'StackEdit');
  return { repo, tree };
}
