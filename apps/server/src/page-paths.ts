import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The pages of a static export whose extensionless path is also a folder: Next's export writes
 * `share.html` beside a folder `share/` (its segment data), and `oauth2/callback.html` beside
 * `oauth2/callback/`. Serving `/share` then finds the folder, not the page (a 404), so each of
 * these paths needs a route of its own. Paths are relative, with `/`, without `.html`.
 */
export function pagesShadowedByFolders(root: string, under = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, under), { withFileTypes: true })) {
    const relative = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === '_next') continue;
      if (
        existsSync(join(root, `${relative}.html`)) &&
        statSync(join(root, `${relative}.html`)).isFile()
      ) {
        found.push(relative);
      }
      found.push(...pagesShadowedByFolders(root, relative));
    }
  }
  return found;
}
