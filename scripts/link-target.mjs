// Where a symbolic link of the repository points, for the check that the repository stands
// alone (check-self-contained.mjs): a link is judged by the path it holds, as git stores it,
// never read through, so that a link to the folder beside the checkout cannot pass for the
// folder's contents.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { NEIGHBOURS } from './path-expressions.mjs';

/** What a symbolic link at `file` (relative to `root`, `/`-separated) holding `target` is
 * reported for, or null when it stays in the repository: an absolute target, one that climbs
 * above the root from the link's folder, one into a `shared` folder (or a neighbour's) the
 * repository does not have. The link is never followed: a dangling one is judged the same. */
export function linkReason(root, file, target) {
  const said = `a symbolic link to "${target}"`;
  if (isAbsolute(target)) return `${said}, an absolute path, outside the repository`;
  const folder = posix.dirname(file);
  if (!isInside(root, resolve(root, folder, target))) {
    return `${said}, which climbs above the repository root from ${folder}/`;
  }
  let path = join(root, folder);
  let previous = '';
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    path = segment === '..' ? dirname(path) : join(path, segment);
    const beside =
      (previous === '..' && segment === 'shared') ||
      (previous === 'shared' && NEIGHBOURS.has(segment));
    if (beside && !existsSync(path)) return `${said}, a shared folder the repository does not have`;
    previous = segment;
  }
  return null;
}

const isInside = (root, path) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};
