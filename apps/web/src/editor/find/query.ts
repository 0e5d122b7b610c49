/** What the find bar looks for: its text and its two flags (spec interface §3 "Find state"). */
export interface FindQuery {
  text: string;
  caseSensitive: boolean;
  regexp: boolean;
}

/** A query ready to run: a global regular expression, or why there is none. An empty find text
 * gives neither (nothing to look for, and nothing wrong). */
export type CompiledQuery =
  | { kind: 'empty' }
  | { kind: 'ok'; pattern: RegExp; regexp: boolean }
  | { kind: 'invalid'; message: string };

/** The message shown under the find field for a regular expression that does not parse. */
export const INVALID_REGEXP_MESSAGE = 'Invalid regular expression';

/** Turns a query into a global, multiline regular expression (`^` and `$` match at each line):
 * the text itself when `regexp` is set, else the text taken literally. Never throws. */
export function compileQuery(query: FindQuery): CompiledQuery {
  if (query.text === '') return { kind: 'empty' };
  const source = query.regexp ? query.text : escapeRegExp(query.text);
  const flags = query.caseSensitive ? 'gm' : 'gim';
  try {
    return { kind: 'ok', pattern: new RegExp(source, flags), regexp: query.regexp };
  } catch (error) {
    // The engine's own words say what is wrong: "Invalid regular expression: /(a/gm:
    // Unterminated group" gives "Unterminated group".
    const detail = error instanceof Error ? (error.message.split(': ').at(-1) ?? '') : '';
    return {
      kind: 'invalid',
      message: detail ? `${INVALID_REGEXP_MESSAGE}: ${detail}` : INVALID_REGEXP_MESSAGE,
    };
  }
}

// Every character that means something in a regular expression, escaped.
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
