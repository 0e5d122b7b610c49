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
 * The pages of a Next.js static export (every `.html` but the `index.html` of a folder, which
 * its folder's path serves), with the path each is served at without `.html`. They get a route of
 * their own for two reasons. Next writes `oauth2/callback.html` and, beside it, a folder
 * `oauth2/callback/` of the page's RSC payloads: a static file server asked for
 * `/oauth2/callback` finds that folder first, has no index.html in it, and answers 404 (the
 * spec's OAuth redirect is exactly `/oauth2/callback`, spec core §2). And a path without
 * `.html` is looked up as `share.br`, then `share.html`, never as `share.html.br`: only a route
 * naming the file sends its compressed copy.
 */
export function exportedPages(root: string): StaticPage[] {
  const pages: StaticPage[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_next') walk(path);
      } else if (entry.isFile() && entry.name.endsWith('.html') && entry.name !== 'index.html') {
        const file = relative(root, path).split(sep).join('/');
        pages.push({ route: `/${file.replace(/\.html$/, '')}`, file });
      }
    }
  };
  walk(root);
  return pages;
}

/** The file whose copy `path` is: `app.js` for `app.js.br` or `app.js.gz` (the compressed copies
 * the build writes beside a file), `path` itself otherwise. */
export function servedFile(path: string): string {
  return path.replace(/\.(br|gz)$/, '');
}

/** The folders of the export whose files are the build's assets: the bundler's hashed files and
 * the themes' style sheets. */
const ASSET_FOLDERS = ['_next/static', 'themes'];

/** The URL paths (`/_next/static/chunks/app-1a2b.js`) of the build's asset files under `root`:
 * what a page, and the offline app's first download of the whole build, fetch by the hundred. */
export function assetPaths(root: string): Set<string> {
  const paths = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile())
        paths.add(`/${relative(root, servedFile(path)).split(sep).join('/')}`);
    }
  };
  for (const folder of ASSET_FOLDERS) {
    const dir = join(root, ...folder.split('/'));
    if (existsSync(dir)) walk(dir);
  }
  return paths;
}
