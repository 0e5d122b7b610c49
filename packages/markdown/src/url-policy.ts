import { DATA_IMAGE_PATTERN, IMAGE_ONLY_SCHEMES, LINK_SCHEMES } from './constants.js';

/** What a URL is used for: a link target (`href`) or an image source (`src`). */
export type UrlKind = 'link' | 'image';

// Browsers drop leading and trailing C0 controls and spaces, and tabs and newlines anywhere,
// before they read the scheme: `java\tscript:` is `javascript:`. Do the same before judging.
// eslint-disable-next-line no-control-regex
const IGNORED_BY_URL_PARSER = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether a URL may be used as a link target or an image source (interface.md §5). Relative
 * URLs (`page.md`, `../a`, `/b`, `?q`, `#fragment`, `//host/x`) are allowed; absolute ones only
 * with the http, https, ftp, mailto, tel or file scheme. Image sources may also be `blob:` URLs
 * and base64 `data:image/(png|jpeg|gif|webp|svg+xml)` URLs. Everything else (javascript:,
 * vbscript:, data:text/html, unknown schemes) is refused. Pass the URL as the browser would
 * read it: HTML entities already decoded.
 */
export function isSafeUrl(url: string, kind: UrlKind): boolean {
  const compact = url.replace(IGNORED_BY_URL_PARSER, '');
  const match = SCHEME.exec(compact);
  if (match === null) return true;
  const scheme = `${(match[1] ?? '').toLowerCase()}:`;
  if (LINK_SCHEMES.includes(scheme)) return true;
  if (kind === 'link') return false;
  if (IMAGE_ONLY_SCHEMES.includes(scheme)) return true;
  return scheme === 'data:' && DATA_IMAGE_PATTERN.test(compact);
}

/**
 * Whether every URL of a `srcset` list (`a.png 1x, b.png 2x`) is a safe image source.
 * A srcset with a `data:` URL is refused outright: its commas make the list ambiguous.
 */
export function isSafeSrcset(srcset: string): boolean {
  if (/data:/i.test(srcset)) return false;
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .every((candidate) => isSafeUrl(candidate, 'image'));
}
