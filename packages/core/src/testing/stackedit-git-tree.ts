// The StackEdit git workspace fixture (providers/git/fixtures/stackedit-git/tree, its README says
// how it was made), for the tests of StackEdit's layout in a repository and in a folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fixture's files by path (from the workspace's folder), as text. */
export function stackeditGitTree(): Map<string, string> {
  const root = fileURLToPath(
    new URL('../providers/git/fixtures/stackedit-git/tree', import.meta.url),
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
