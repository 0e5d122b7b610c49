import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** One request and answer recorded from api.github.com by `@octokit/fixtures`. */
export interface Recording {
  method: string;
  path: string;
  status: number;
  /** The request's JSON body, when it had one. */
  body?: unknown;
  reqheaders: Record<string, string>;
  headers: Record<string, string>;
  response: unknown;
}

const require = createRequire(import.meta.url);

/** The recordings of `scenario` (e.g. `api.github.com/get-repository`), in their order. */
export function recordings(scenario: string): Recording[] {
  const file = require.resolve(`@octokit/fixtures/scenarios/${scenario}/normalized-fixture.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Recording[];
}

const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/**
 * Where `ours` differs in shape from what GitHub answered (`recorded`): every key GitHub gave
 * must be there with the same JSON type, recursively (arrays: each of our items against GitHub's
 * first). Null on either side matches any type, as GitHub's nullable fields (a description, a
 * license) are null or not by the data. Keys only we give are fine: GitHub has added fields
 * since the recording.
 */
export function shapeDifferences(recorded: unknown, ours: unknown, at = ''): string[] {
  const expected = kind(recorded);
  const actual = kind(ours);
  if (expected === 'null' || actual === 'null') return [];
  if (expected !== actual) return [`${at || '/'}: GitHub gave ${expected}, forge-sim ${actual}`];
  if (expected === 'array') {
    const [sample] = recorded as unknown[];
    if (sample === undefined) return [];
    return (ours as unknown[]).flatMap((item, index) =>
      shapeDifferences(sample, item, `${at}/${index}`),
    );
  }
  if (expected !== 'object') return [];
  const mine = ours as Record<string, unknown>;
  return Object.entries(recorded as Record<string, unknown>).flatMap(([key, value]) =>
    key in mine
      ? shapeDifferences(value, mine[key], `${at}/${key}`)
      : [`${at}/${key}: GitHub gave it, forge-sim does not`],
  );
}
