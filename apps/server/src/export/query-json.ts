/** What a query parameter parsed into: its value, or the message of a 400. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads a query parameter holding a JSON object (the exports' `options` and `metadata`);
 * missing or empty is `{}`. Anything else is refused with "`name` must be a JSON object.". */
export function jsonObject(text: unknown, name: string): Parsed<Record<string, unknown>> {
  if (text === undefined || text === '') return { ok: true, value: {} };
  let raw: unknown;
  try {
    raw = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    raw = undefined;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, message: `${name} must be a JSON object.` };
  }
  return { ok: true, value: raw as Record<string, unknown> };
}
