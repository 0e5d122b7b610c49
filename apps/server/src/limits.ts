/** Request limits of the server, from the environment. */
export interface LimitsConf {
  /** Length of a rate-limit window, in milliseconds. */
  rateLimitWindowMs: number;
  /** Requests per window and client address for the web app's pages, /conf, /health and
   * /giteeClientId (its asset files, under `/_next/static/` and `/themes/`, are not counted). */
  rateLimitMax: number;
  /** Requests per window and client address for /oauth2/* (each exchange costs a call to a
   * provider). Later endpoints doing work (exports) take this one too. */
  rateLimitStrictMax: number;
  /** Largest request body, in bytes, unless a route sets its own `bodyLimit`. */
  bodyLimitBytes: number;
  /** Fastify's `trustProxy`: true, or comma-separated addresses/CIDRs of the proxies whose
   * X-Forwarded-For names the client. Off by default: each address is its own client. */
  trustProxy: boolean | string;
}

/** Defaults: generous for pages (a first visit asks for a few dozen besides the assets), strict for token
 * exchanges (a sign-in needs one, a refresh one per hour or so), 16 KiB bodies. */
export const DEFAULT_LIMITS: LimitsConf = {
  rateLimitWindowMs: 60_000,
  rateLimitMax: 600,
  rateLimitStrictMax: 30,
  bodyLimitBytes: 16 * 1024,
  trustProxy: false,
};

type Env = Record<string, string | undefined>;

function positive(env: Env, name: string, fallback: number): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${text}".`);
  }
  return value;
}

function trustProxy(text: string | undefined): LimitsConf['trustProxy'] {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** Reads RATE_LIMIT_WINDOW_MS, RATE_LIMIT_MAX, RATE_LIMIT_STRICT_MAX, BODY_LIMIT_BYTES and
 * TRUST_PROXY; throws on a malformed value so the server refuses to start. */
export function readLimits(env: Env): LimitsConf {
  return {
    rateLimitWindowMs: positive(env, 'RATE_LIMIT_WINDOW_MS', DEFAULT_LIMITS.rateLimitWindowMs),
    rateLimitMax: positive(env, 'RATE_LIMIT_MAX', DEFAULT_LIMITS.rateLimitMax),
    rateLimitStrictMax: positive(env, 'RATE_LIMIT_STRICT_MAX', DEFAULT_LIMITS.rateLimitStrictMax),
    bodyLimitBytes: positive(env, 'BODY_LIMIT_BYTES', DEFAULT_LIMITS.bodyLimitBytes),
    trustProxy: trustProxy(env.TRUST_PROXY),
  };
}
