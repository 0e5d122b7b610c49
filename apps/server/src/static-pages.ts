import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** A page of the static export served at its path without `.html`. */
export interface StaticPage {
  /** The URL path, `/oauth2/callback`. */
  route: string;
  /** The file, relative to the export's root: `oauth2/callback.html`. */
  file: string;
}

/**
 * The pages of a Next.js static export whose path is also a folder: Next writes
 * `oauth2/callback.html` and, beside it, a folder `oauth2/callback/` of the page's RSC payloads.
 * A static file server asked for `/oauth2/callback` finds that folder first, has no index.html
 * in it, and answers 404: these pages need a route of their own. (The spec's OAuth redirect is
 * exactly `/oauth2/callback`, spec core §2.)
 */
export function pagesShadowedByFolders(root: string): StaticPage[] {
  const pages: StaticPage[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name === '_next') continue;
        const folder = join(dir, entry.name);
        if (existsSync(`${folder}.html`) && !existsSync(join(folder, 'index.html'))) {
          const file = relative(root, `${folder}.html`).split(sep).join('/');
          pages.push({ route: `/${file.replace(/\.html$/, '')}`, file });
        }
        walk(folder);
      }
    }
  };
  walk(root);
  return pages;
}
