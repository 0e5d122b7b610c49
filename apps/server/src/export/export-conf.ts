/** How the exports run, from the environment. */
export interface ExportConf {
  /** Chromium's executable (CHROMIUM_PATH), Debian's `/usr/bin/chromium` by default. */
  chromiumPath: string;
  /** pandoc's executable (PANDOC_PATH), `pandoc` on PATH by default. */
  pandocPath: string;
  /** Exports running at once (EXPORT_CONCURRENCY). */
  concurrency: number;
  /** Exports waiting for a turn beyond those (EXPORT_QUEUE_MAX); more get a 503. */
  queueMax: number;
  /** Time an export may take, waiting included (spec interface §9: 60000 ms). */
  timeoutMs: number;
  /** Largest export body in bytes (EXPORT_BODY_LIMIT_BYTES). */
  bodyLimitBytes: number;
}

/** The spec's export time-out (interface §9). */
export const EXPORT_TIMEOUT_MS = 60_000;

/** Defaults: two exports at once, eight waiting, 60 s each, 32 MiB bodies: a text at the app's
 * ceiling (10,000,000 characters; a 2,000,000-character CJK text is 6 MB of UTF-8, more as HTML)
 * and its images, which travel inside the HTML as data: URLs (docs/adr/0006-long-texts.md). */
export const DEFAULT_EXPORT_CONF: ExportConf = {
  chromiumPath: '/usr/bin/chromium',
  pandocPath: 'pandoc',
  concurrency: 2,
  queueMax: 8,
  timeoutMs: EXPORT_TIMEOUT_MS,
  bodyLimitBytes: 32 * 1024 * 1024,
};

type Env = Record<string, string | undefined>;

function whole(env: Env, name: string, fallback: number, min: number): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, got "${text}".`);
  }
  return value;
}

/** Reads CHROMIUM_PATH, PANDOC_PATH, EXPORT_CONCURRENCY, EXPORT_QUEUE_MAX and
 * EXPORT_BODY_LIMIT_BYTES; throws on a malformed value so the server refuses to start. */
export function readExportConf(env: Env): ExportConf {
  const d = DEFAULT_EXPORT_CONF;
  return {
    chromiumPath: (env.CHROMIUM_PATH ?? '').trim() || d.chromiumPath,
    pandocPath: (env.PANDOC_PATH ?? '').trim() || d.pandocPath,
    concurrency: whole(env, 'EXPORT_CONCURRENCY', d.concurrency, 1),
    queueMax: whole(env, 'EXPORT_QUEUE_MAX', d.queueMax, 0),
    timeoutMs: d.timeoutMs,
    bodyLimitBytes: whole(env, 'EXPORT_BODY_LIMIT_BYTES', d.bodyLimitBytes, 1),
  };
}
