import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How the Content-Security-Policy is shaped, from the environment. */
export interface SecurityConf {
  /** Sources of `connect-src`: where the app may fetch (CouchDB servers, self-hosted git
   * services and chat endpoints the user configures). */
  connectSrc: string;
  /** Sources of `frame-ancestors`: who may embed the app (embedded mode). */
  frameAncestors: string;
  /** Send the policy as Content-Security-Policy-Report-Only (to try a change safely). */
  reportOnly: boolean;
  /** `/conf`'s `googleUrl` (cloud-sim or a proxy standing in for every Google host), allowed
   * beside Google's own hosts; empty or omitted: Google's hosts only. */
  googleUrl?: string;
  /** `/conf`'s `dropboxUrl` (cloud-sim or a proxy standing in for Dropbox's hosts), allowed
   * beside Dropbox's own API hosts; empty or omitted: Dropbox's hosts only. */
  dropboxUrl?: string;
  /** `/conf`'s `wordpressUrl` (a stand-in for public-api.wordpress.com), allowed beside it. */
  wordpressUrl?: string;
  /** `/conf`'s `zendeskUrl` (a help-centre template; a stand-in's origin is allowed). */
  zendeskUrl?: string;
}

/** Google's hosts the page talks to (spec providers §4, §5): the APIs it fetches, the
 * authorize page the silent refresh loads in a hidden frame, the Picker's loader script. */
export const GOOGLE_CSP = {
  connect: [
    'https://www.googleapis.com',
    'https://people.googleapis.com',
    'https://oauth2.googleapis.com',
  ],
  frame: ['https://accounts.google.com'],
  script: ['https://apis.google.com'],
} as const;

/** Dropbox's API hosts the page fetches (spec providers, cloud drive D): RPC calls and the
 * token endpoint, and content up- and downloads. Its authorize page opens in a popup, which
 * the policy does not govern. */
export const DROPBOX_CSP = {
  connect: ['https://api.dropboxapi.com', 'https://content.dropboxapi.com'],
  // The Chooser's drop-in script, and its window's page.
  script: ['https://www.dropbox.com'],
  frame: ['https://www.dropbox.com'],
} as const;

/** WordPress.com's REST API host (site service W); its authorize page opens in a popup. */
export const WORDPRESS_CSP = {
  connect: ['https://public-api.wordpress.com'],
} as const;

/** Zendesk's help centres (help-centre service Z): the API and the token endpoint of each
 * `{subdomain}.zendesk.com`; its authorize page opens in a popup. */
export const ZENDESK_CSP = {
  connect: ['https://*.zendesk.com'],
} as const;

// The origin of `/conf`'s googleUrl, or nothing when it is empty or not a URL.
function googleOrigin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** Defaults: the app fetches from any http(s) origin the user configures; only its own origin
 * may frame it, as X-Frame-Options SAMEORIGIN already said. */
export const DEFAULT_SECURITY_CONF: SecurityConf = {
  connectSrc: "'self' https: http:",
  frameAncestors: "'self'",
  reportOnly: false,
};

// Anything that could end a directive or start another one is refused in a source list.
const SOURCE_LIST = /^[^;,\r\n]+$/;

/** Reads CSP_CONNECT_SRC, CSP_FRAME_ANCESTORS and CSP_REPORT_ONLY. */
export function readSecurityConf(env: Record<string, string | undefined>): SecurityConf {
  const sources = (name: string, fallback: string): string => {
    const value = (env[name] ?? '').trim();
    if (value === '') return fallback;
    if (!SOURCE_LIST.test(value)) {
      throw new Error(`${name} must be a space-separated CSP source list, got "${value}".`);
    }
    return value;
  };
  return {
    connectSrc: sources('CSP_CONNECT_SRC', DEFAULT_SECURITY_CONF.connectSrc),
    frameAncestors: sources('CSP_FRAME_ANCESTORS', DEFAULT_SECURITY_CONF.frameAncestors),
    reportOnly: ['1', 'true', 'yes', 'on'].includes(
      (env.CSP_REPORT_ONLY ?? '').trim().toLowerCase(),
    ),
  };
}

/** The policy for one response. `scriptHashes` are the `'sha256-…'` sources of the inline
 * scripts of the HTML page being served (none for other responses). */
export function contentSecurityPolicy(
  conf: SecurityConf,
  scriptHashes: readonly string[] = [],
): string {
  const standIn = googleOrigin(conf.googleUrl);
  return [
    "default-src 'self'",
    // Next's bootstrap scripts and the colour-theme script are inline: allowed by hash only;
    // Google's Picker loader and Dropbox's Chooser are the only scripts from elsewhere.
    // A stand-in for Dropbox's hosts (dropboxUrl) serves the Chooser's script in their stead.
    [
      'script-src',
      "'self'",
      ...scriptHashes,
      ...GOOGLE_CSP.script,
      ...DROPBOX_CSP.script,
      ...googleOrigin(conf.dropboxUrl),
    ].join(' '),
    // React style attributes, CodeMirror's and Mermaid's <style> elements and KaTeX's inline
    // sizes cannot carry hashes or nonces in a static export.
    "style-src 'self' 'unsafe-inline'",
    // Markdown images and media come from anywhere, pasted images from blob: and data:.
    'img-src * data: blob:',
    'media-src * data: blob:',
    "font-src 'self' data:",
    [
      'connect-src',
      // Each source once, where it first comes: the stand-ins of several services are often
      // one cloud-sim. A real Zendesk address adds nothing to its wildcard.
      ...new Set([
        conf.connectSrc,
        ...GOOGLE_CSP.connect,
        ...standIn,
        ...DROPBOX_CSP.connect,
        ...googleOrigin(conf.dropboxUrl),
        ...WORDPRESS_CSP.connect,
        ...googleOrigin(conf.wordpressUrl),
        ...ZENDESK_CSP.connect,
        ...googleOrigin(conf.zendeskUrl?.replace('{subdomain}', 'subdomain')).filter(
          (origin) => origin !== 'https://subdomain.zendesk.com',
        ),
      ]),
    ].join(' '),
    "worker-src 'self' blob:",
    // The silent token refresh loads Google's authorize page in a hidden frame.
    ['frame-src', "'self'", ...GOOGLE_CSP.frame, ...standIn, ...DROPBOX_CSP.frame].join(' '),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${conf.frameAncestors}`,
  ].join('; ');
}

/** Which files of the export are the bootstrap of the app's Web Workers (the template worker,
 * the preview's render worker): a worker is ruled by its own script's policy, not the page's. */
export const WORKER_SCRIPT = /\/_next\/static\/chunks\/turbopack-worker-[^/]*\.js$/;

/**
 * The policy of the workers. The template worker compiles Handlebars templates and runs the
 * user's helpers, which needs `'unsafe-eval'`; that is allowed there only, where nothing can
 * reach the network (`connect-src 'none'`, and the worker removes fetch and its kin before any
 * helper runs), the DOM does not exist, and the page's own policy keeps refusing eval.
 */
export function workerContentSecurityPolicy(): string {
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval'",
    "connect-src 'none'",
    "worker-src 'none'",
  ].join('; ');
}

/** The header that carries the policy. */
export function cspHeaderName(conf: SecurityConf): string {
  return conf.reportOnly ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy';
}

// Inline scripts of our own build output; this reads trusted files, it does not sanitise.
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The `'sha256-…'` sources of each inline script of every `.html` file under `root`, keyed by
 * the file's absolute path. */
export function inlineScriptHashes(root: string): Map<string, string[]> {
  const hashes = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) {
        const html = readFileSync(path, 'utf8');
        const sources = new Set<string>();
        for (const match of html.matchAll(INLINE_SCRIPT)) {
          const body = match[1] ?? '';
          if (body.trim() === '') continue;
          sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        }
        hashes.set(path, [...sources]);
      }
    }
  };
  walk(root);
  return hashes;
}
