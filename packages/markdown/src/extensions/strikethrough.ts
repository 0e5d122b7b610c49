import type { Delimiter, StateInline } from 'markdown-it';
import { type MarkdownExtension } from './extension.js';

const TILDE = 0x7e;
// Delimiters are paired by marker, so a lone tilde gets a marker of its own: `~a~~` never pairs
// a one-tilde run with a two-tilde run. Any number that is no character code would do.
const SINGLE_TILDE = 0x7e_0000;

/** The inline rule that makes a lone `~` a strikethrough delimiter; `createMarkdownIt` turns it
 * off when `sub` is on, for which `~x~` is subscript. */
export const SINGLE_TILDE_RULE = 'strikethrough_single';

/**
 * Strikethrough as GFM defines it, rendered as `<del>`: text between a matching pair of runs of
 * two tildes (`~~gone~~`), or of one tilde (`~gone~`) while the `sub` switch is off; the runs
 * follow the flanking rules of emphasis. A run of three or more tildes is text. The tokens are
 * markdown-it's own (`s_open`, `s_close`) with the tag `del`.
 */
export const strikethroughExtension: MarkdownExtension = {
  name: 'del',
  apply(md) {
    // Replaces markdown-it's own rule (which strikes `~~~x~~~` and needs two tildes) in place.
    md.inline.ruler.at('strikethrough', (state, silent) => tildeRun(state, silent, false));
    md.inline.ruler.after('strikethrough', SINGLE_TILDE_RULE, (state, silent) =>
      tildeRun(state, silent, true),
    );
    md.inline.ruler2.at('strikethrough', pairDelimiters);
    md.enable('strikethrough');
  },
};

// Reads a run of tildes: a delimiter when it is one tilde (`single`) or two (not `single`),
// text when it is three or more.
function tildeRun(state: StateInline, silent: boolean, single: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false;
  const scanned = state.scanDelims(state.pos, true);
  if ((scanned.length === 1) !== single) return false;
  const token = state.push('text', '', 0);
  token.content = '~'.repeat(scanned.length);
  if (scanned.length <= 2) {
    state.delimiters.push({
      marker: single ? SINGLE_TILDE : TILDE,
      length: 0, // no "rule of 3": that is for emphasis
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += scanned.length;
  return true;
}

// After `balance_pairs` has matched openers with closers: turns each matched pair into tags.
function pairDelimiters(state: StateInline): boolean {
  retag(state, state.delimiters);
  for (const meta of state.tokens_meta) {
    if (meta?.delimiters) retag(state, meta.delimiters);
  }
  return true;
}

function retag(state: StateInline, delimiters: Delimiter[]): void {
  for (const opener of delimiters) {
    if (opener.marker !== TILDE && opener.marker !== SINGLE_TILDE) continue;
    const closer = opener.end === -1 ? undefined : delimiters[opener.end];
    if (closer === undefined) continue;
    const markup = opener.marker === TILDE ? '~~' : '~';
    for (const [delimiter, nesting] of [
      [opener, 1],
      [closer, -1],
    ] as const) {
      const token = state.tokens[delimiter.token];
      if (token === undefined) continue;
      token.type = nesting === 1 ? 's_open' : 's_close';
      token.tag = 'del';
      token.nesting = nesting;
      token.markup = markup;
      token.content = '';
    }
  }
}
