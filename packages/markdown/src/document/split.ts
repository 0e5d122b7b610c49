import type { Token } from 'markdown-it';
import { fenceLanguage } from '../rules/fence.js';
import { breakOffset } from './break-offsets.js';
import { textHash as hash } from './text-hash.js';

/** One part of a block split at item or row boundaries. */
export interface PartPlan {
  /** First line, relative to the block. */
  offset: number;
  /** The part's lines. */
  source: string;
  /** Everything its tokens depend on: equal keys, equal tokens and HTML. */
  key: string;
  /** Block tokens (inline content not parsed yet), maps relative to `offset`. */
  tokens: Token[];
  /** How many of the first and last tokens open and close the containers every part repeats
   * (see UnitPart.wrap). */
  wrap: [number, number];
}

/** A list or table with fewer items or rows than this stays one section; so do a block quote
 * of fewer blocks and fenced code of fewer lines. */
export const SPLIT_MIN_ITEMS = 64;
/** Lines of code before a part of a split fence that its highlighting reads first, so that a
 * comment or string opened above the part's first line is coloured as one in the part. */
const FENCE_LEAD_LINES = 16;
// Fences drawn as diagrams: a drawing needs its whole source, so they are never split.
const WHOLE_FENCES: ReadonlySet<string> = new Set(['mermaid', 'abc']);
/** How big a part is: at least `min` items, rows or lines (the last part may hold fewer), and
 * at most `max` of them or about `chars` characters. */
interface PartSize {
  min: number;
  max: number;
  chars: number;
}
const PART_SIZE: PartSize = { min: 16, max: 64, chars: 16_000 };
// Code is split finer: a part of it is highlighted again, with its lead-in, at each keystroke
// in it (highlight.js takes about 0.1 ms a line here).
const FENCE_PART_SIZE: PartSize = { min: 8, max: 32, chars: 4_000 };
// A part ends before an item whose text's hash has its top 4 bits clear (about every 16 items
// once the minimum is reached): where parts end depends on the items' text, not their
// positions, so an item added or removed changes only the part around it.
const BOUNDARY_SHIFT = 28;

/** Classes of the list or table element of a part: the preview joins parts seamlessly. */
export const SPLIT_CLASS = {
  /** A part that continues the list or table of the part before it. */
  continued: 'split-continued',
  /** A part that the next part continues. */
  continues: 'split-continues',
  /** Every part of a split table (its columns share their widths). */
  table: 'split-table',
} as const;

/** Whether a token is the code of one part of split fenced code. */
export function isFencePart(token: Token): boolean {
  return (
    token.type === 'fence' &&
    typeof (token.meta as { leadIn?: unknown } | null)?.leadIn === 'string'
  );
}

/** What the fence token of a part of split fenced code carries in `meta`. */
export interface FencePartMeta {
  /** The code lines just before the part (at most FENCE_LEAD_LINES), each ending in a newline:
   * highlighted with the part, then dropped. */
  leadIn: string;
}

/**
 * Splits a top-level list or table of many items or rows into parts of consecutive items or
 * rows, each a list or table of its own (an ordered list keeps counting: each part starts
 * where the one before it stopped; a loose list stays loose in every part), a long block quote
 * into runs of the blocks in it, each a quote of its own, long fenced code into runs of its
 * lines, each a code block of its own, and a list or quote holding any of these (an outline)
 * along that inner block, at any depth. Returns null for any other block, and for one too short
 * to split. (A long paragraph is split after its inline content is parsed: splitParagraph.)
 *
 * `tokens` are the block's tokens from its scan (maps relative to the block); they are taken
 * into the parts, their maps made relative to each part.
 */
export function planParts(tokens: Token[], source: string): PartPlan[] | null {
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  if (!first || !last) return null;
  if (first.type === 'bullet_list_open' || first.type === 'ordered_list_open') {
    if (last.type !== first.type.replace('_open', '_close')) return null;
    return planList(tokens, source);
  }
  if (first.type === 'table_open' && last.type === 'table_close') {
    return planTable(tokens, source);
  }
  if (first.type === 'blockquote_open' && last.type === 'blockquote_close') {
    return planQuote(tokens, source);
  }
  if (first.type === 'fence' && tokens.length === 1) return planFence(first, source);
  return null;
}

// Fenced code: parts of consecutive lines (the first with the opening fence, the last with the
// closing one), each a `<pre>` of its own; a part is highlighted after the lines just above it
// (its lead-in), so highlighting runs on across parts.
function planFence(fence: Token, source: string): PartPlan[] | null {
  if (WHOLE_FENCES.has(fenceLanguage(fence.info)) || !fence.map) return null;
  const code = splitLines(fence.content);
  if (code.length < SPLIT_MIN_ITEMS) return null;
  // Code line j is source line j + 1, after the opening fence (markdown-it keeps a line for
  // each, only taking off the fence's indentation).
  const codeLines = code.map((_, index) => index + 1);
  return spans(codeLines, source, FENCE_PART_SIZE).map((span) => {
    const token = cloneToken(fence);
    token.content = code.slice(span.from, span.to).join('');
    token.map = [0, span.end - span.offset];
    const meta: FencePartMeta = {
      leadIn: code.slice(Math.max(0, span.from - FENCE_LEAD_LINES), span.from).join(''),
    };
    token.meta = meta;
    markPart(token, span);
    const context = ['fence', fence.info, fence.markup, !span.first, !span.last, meta.leadIn];
    return { ...place(span), key: partKey(context, span), tokens: [token], wrap: [0, 0] };
  });
}

// A block quote: parts of consecutive blocks inside it (paragraphs, lists, code…), each a quote
// of its own. Its inner blocks parse alike wherever the quote is cut between them, as top-level
// blocks do.
function planQuote(tokens: Token[], source: string): PartPlan[] | null {
  const open = tokens[0]!;
  const close = tokens[tokens.length - 1]!;
  const blocks = children(tokens, (token) => token.nesting !== -1);
  if (blocks.length < SPLIT_MIN_ITEMS) return planNested(tokens, source, blocks);
  const blockLines = blocks.map((index) => tokens[index]!.map![0]);
  return spans(blockLines, source, PART_SIZE).map((span) => {
    const body = tokens.slice(blocks[span.from], blocks[span.to] ?? tokens.length - 1);
    shiftMaps(body, span.offset);
    const partOpen = wrapper(open, span);
    markPart(partOpen, span);
    const context = ['blockquote', !span.first, !span.last];
    return {
      ...place(span),
      key: partKey(context, span),
      tokens: [partOpen, ...body, cloneToken(close)],
      wrap: [1, 1],
    };
  });
}

function planList(tokens: Token[], source: string): PartPlan[] | null {
  const open = tokens[0]!;
  const close = tokens[tokens.length - 1]!;
  const items = children(tokens, (token) => token.type === 'list_item_open');
  if (items.length < SPLIT_MIN_ITEMS) return planNested(tokens, source, items);
  const itemLines = items.map((index) => tokens[index]!.map![0]);
  const tight = tightness(tokens, open, 0, tokens.length);
  const start = listStart(open);
  return spans(itemLines, source, PART_SIZE).map((span) => {
    const body = tokens.slice(items[span.from], items[span.to] ?? tokens.length - 1);
    const partOpen = wrapper(open, span);
    const partStart = start === null ? '' : start + span.from;
    if (partStart !== '') setStart(partOpen, partStart);
    markPart(partOpen, span);
    shiftMaps(body, span.offset);
    // (A bullet list's parts do not depend on how many items come before them.)
    const context = [open.type, open.markup, partStart, tight];
    return {
      ...place(span),
      key: partKey([...context, !span.first, !span.last], span),
      tokens: [partOpen, ...body, cloneToken(close)],
      wrap: [1, 1],
    };
  });
}

// A list of few items or a quote of few blocks, one of which holds a long block (an outline: one
// heading item, thousands of points under it; a quoted long list; a long listing in a step of a
// numbered list): the inner block is split as it would be on its own (which may go deeper
// again), and each of its parts goes inside copies of the containers around it, the item holding
// it included. The first part holds what comes before the inner block, the last what follows.
// The copies after the first hide the item's marker (`split-continued`); an ordered list starts
// them at that item's number, so the items after it count on.
function planNested(tokens: Token[], source: string, children: number[]): PartPlan[] | null {
  const open = tokens[0]!;
  const isList = open.type !== 'blockquote_open';
  // The longest block directly in one of the children that can be split: a list, a quote, a
  // table or fenced code.
  let at = -1;
  let atClose = -1;
  let child = -1;
  let longest = 0;
  children.forEach((index, k) => {
    const stop = k + 1 < children.length ? children[k + 1]! : tokens.length - 1;
    const level = isList ? open.level + 2 : open.level + 1;
    for (let i = isList ? index + 1 : index; i < stop; i += 1) {
      const token = tokens[i]!;
      if (token.level !== level || !SPLITTABLE.has(token.type) || !token.map) continue;
      const close = token.nesting === 0 ? i : closing(tokens, i);
      const lines = token.map[1] - token.map[0];
      if (lines > longest) [at, atClose, child, longest] = [i, close, k, lines];
      i = close;
    }
  });
  if (longest < SPLIT_MIN_ITEMS) return null;
  const lines = lineStarts(source);
  const [innerStart, innerEnd] = tokens[at]!.map!;
  const inner = tokens.slice(at, atClose + 1);
  shiftMaps(inner, innerStart);
  const plans = planParts(inner, source.slice(lines[innerStart], lines[innerEnd]));
  if (!plans || plans.length < 2) {
    shiftMaps(inner, -innerStart);
    return null;
  }
  // The containers every part repeats: the list and the item holding the inner block, or the
  // quote.
  const item = isList ? children[child]! : -1;
  const itemClose = isList ? closing(tokens, item) : -1;
  const start = isList ? listStart(open) : null;
  const before = source.slice(0, lines[innerStart]);
  const after = source.slice(lines[innerEnd]);
  const context = [
    'nested',
    open.type,
    open.markup,
    start === null ? '' : start + child,
    isList ? tightness(tokens, open, 0, tokens.length) : '',
    isList ? `${tokens[item]!.markup}${tokens[item]!.info}` : '',
  ];
  const frames = isList ? 2 : 1;
  const last = plans.length - 1;
  return plans.map((plan, index) => {
    const first = index === 0;
    const span = { first, last: index === last };
    const offset = first ? 0 : innerStart + plan.offset;
    const partLines = lineCount(plan.source);
    const end =
      innerStart + plan.offset + partLines + (span.last ? lines.length - 1 - innerEnd : 0);
    const copy = (token: Token) => {
      const made = cloneToken(token);
      made.map = [0, end - offset];
      return made;
    };
    const outer = copy(open);
    markPart(outer, span);
    let lead = [outer];
    if (first) {
      // (The inner block's first part starts at the block's first line too.)
      shiftMaps(plan.tokens, -innerStart);
      lead = [outer, ...tokens.slice(1, at)];
    } else {
      if (start !== null) setStart(outer, start + child);
      if (isList) {
        const carried = copy(tokens[item]!);
        carried.attrJoin('class', SPLIT_CLASS.continued);
        lead.push(carried);
      }
    }
    let trail = [copy(tokens[tokens.length - 1]!)];
    if (isList) trail.unshift(copy(tokens[itemClose]!));
    if (span.last) {
      trail = tokens.slice(atClose + 1);
      shiftMaps(trail, offset);
    }
    let partSource = plan.source;
    if (first) partSource = before + partSource;
    if (span.last) partSource += after;
    const key = [...context, !span.first, !span.last, plan.key].join('\u0001');
    return {
      offset,
      source: partSource,
      key: `${key}\u0002${first ? before : ''}\u0002${span.last ? after : ''}`,
      tokens: [...lead, ...plan.tokens, ...trail],
      wrap: [plan.wrap[0] + frames, plan.wrap[1] + frames],
    };
  });
}

// Blocks a nested block may be split along.
const SPLITTABLE: ReadonlySet<string> = new Set([
  'bullet_list_open',
  'ordered_list_open',
  'blockquote_open',
  'table_open',
  'fence',
]);

// The index of the token closing the container `tokens[at]` opens.
function closing(tokens: readonly Token[], at: number): number {
  const { level } = tokens[at]!;
  let i = at + 1;
  while (i < tokens.length && (tokens[i]!.level !== level || tokens[i]!.nesting !== -1)) i += 1;
  return i;
}

/** What `splitParagraph` makes of a long paragraph: runs of its lines, each a paragraph. Its
 * key names the run by its lines and place, never its content (which depends on the whole
 * paragraph: quotes paired across runs). */
export type ParagraphPiece = Omit<PartPlan, 'source'>;

/**
 * A top-level paragraph of 64 lines or more, inline content parsed, as runs of 16 to 64 of its
 * lines (cut where the lines' text says, as lists), each a paragraph of its own. A cut is made
 * only at a line break outside any emphasis, link or other inline element, so each run shows
 * exactly its share of the paragraph; the break stays at the end of the run before it, so the
 * runs joined are the paragraph. Null for any other block.
 */
export function splitParagraph(tokens: readonly Token[], source: string): ParagraphPiece[] | null {
  const [open, inline, close] = tokens;
  if (tokens.length !== 3 || open?.type !== 'paragraph_open' || !open.map || !inline || !close) {
    return null;
  }
  if (open.map[1] - open.map[0] < SPLIT_MIN_ITEMS) return null;
  const children = inline.children ?? [];
  const content = inline.content;
  // The lines a run can start at, and the index of the break ending the line before each.
  const anchors = [open.map[0]];
  const breaks = [-1];
  let line = 0;
  let scanned = 0;
  // (Raw HTML elements open across lines, as `<span>` … `</span>`, are not cut either.)
  let depth = 0;
  children.forEach((child, index) => {
    if (child.type === 'html_inline') depth = Math.max(0, depth + htmlDepth(child.content));
    if (child.level !== 0 || depth > 0 || !child.type.endsWith('break')) return;
    const at = breakOffset(child);
    if (at === undefined) return;
    for (; scanned < at; scanned += 1) if (content.charCodeAt(scanned) === 10) line += 1;
    anchors.push(open.map![0] + line + 1);
    breaks.push(index);
  });
  const runs = spans(anchors, source, PART_SIZE);
  if (runs.length < 2) return null;
  return runs.map((span) => {
    const partOpen = wrapper(open, span);
    markPart(partOpen, span);
    const partInline = wrapper(inline, span);
    partInline.children = children.slice(
      span.from === 0 ? 0 : breaks[span.from]! + 1,
      span.to < breaks.length ? breaks[span.to]! + 1 : children.length,
    );
    partInline.content = span.source;
    return {
      offset: span.offset,
      key: `\u00b6${String(span.first)}${String(span.last)}${span.source}`,
      tokens: [partOpen, partInline, cloneToken(close)],
      wrap: [1, 1],
    };
  });
}

// Elements that never hold anything (no closing tag).
const VOID_ELEMENTS: ReadonlySet<string> = new Set(
  'area base br col embed hr img input link meta source track wbr'.split(' '),
);

// How a raw inline HTML tag changes the depth of open elements: +1 opens, -1 closes, 0 neither
// (a void or self-closed element, a comment).
function htmlDepth(tag: string): number {
  const name = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(tag);
  if (!name) return 0;
  if (name[1]) return -1;
  return VOID_ELEMENTS.has(name[2]!.toLowerCase()) || tag.endsWith('/>') ? 0 : 1;
}

// The indices of the tokens directly inside the container `tokens` open and close (one level
// down, with a source line) that `keep` says.
function children(tokens: readonly Token[], keep: (token: Token) => boolean): number[] {
  const level = tokens[0]!.level + 1;
  const found: number[] = [];
  for (let i = 1; i < tokens.length - 1; i += 1) {
    const token = tokens[i]!;
    if (token.level === level && token.map && keep(token)) found.push(i);
  }
  return found;
}

// Where an ordered list starts counting; null for a bullet list.
function listStart(list: Token): number | null {
  return list.type === 'ordered_list_open' ? Number(list.attrGet('start') ?? 1) : null;
}

/** Whether a list is tight (hides its items' paragraphs), as its first paragraph between
 * `from` and `to` says ('-' when it has none): the whole list decides, so every part of it says
 * which. */
export function tightness(tokens: readonly Token[], list: Token, from: number, to: number): string {
  for (let i = from; i < to; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'paragraph_open' && token.level === list.level + 2) {
      return String(token.hidden);
    }
  }
  return '-';
}

// Sets where an ordered list's copy starts counting (no attribute for 1, as markdown-it does).
function setStart(list: Token, start: number): void {
  list.attrs = (list.attrs ?? []).filter(([name]) => name !== 'start');
  if (start !== 1) list.attrs.unshift(['start', String(start)]);
  if (list.attrs.length === 0) list.attrs = null;
}

function planTable(tokens: Token[], source: string): PartPlan[] | null {
  const open = tokens[0]!;
  const close = tokens[tokens.length - 1]!;
  const bodyAt = tokens.findIndex((token) => token.type === 'tbody_open');
  const bodyClose = tokens.length - 2;
  if (bodyAt === -1 || tokens[bodyClose]?.type !== 'tbody_close') return null;
  const rows: number[] = [];
  for (let i = bodyAt + 1; i < bodyClose; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'tr_open' && token.level === open.level + 2 && token.map) rows.push(i);
  }
  if (rows.length < SPLIT_MIN_ITEMS) return null;
  const lines = lineStarts(source);
  const rowLines = rows.map((index) => tokens[index]!.map![0]);
  // The first part holds the head: it starts with the table.
  const head = tokens.slice(1, bodyAt);
  const headSource = source.slice(0, lines[rowLines[0]!]);
  return spans(rowLines, source, PART_SIZE, lines).map((span) => {
    const body = tokens.slice(rows[span.from], rows[span.to] ?? bodyClose);
    shiftMaps(body, span.offset);
    const partOpen = wrapper(open, span);
    partOpen.attrJoin('class', SPLIT_CLASS.table);
    markPart(partOpen, span);
    const bodyOpen = cloneToken(tokens[bodyAt]!);
    if (!span.first) bodyOpen.map = [0, span.end - span.offset];
    const partTokens = [
      partOpen,
      ...(span.first ? head : []),
      bodyOpen,
      ...body,
      cloneToken(tokens[bodyClose]!),
      cloneToken(close),
    ];
    const context = ['table', headSource, !span.first, !span.last];
    return { ...place(span), key: partKey(context, span), tokens: partTokens, wrap: [2, 2] };
  });
}

/** Where one part lies in its block: the anchors (items, rows, blocks or code lines) it holds,
 * `[from, to)`, and its lines, `[offset, end)`. */
interface Span {
  from: number;
  to: number;
  offset: number;
  end: number;
  source: string;
  first: boolean;
  last: boolean;
}

// Cuts a block into parts at some of its anchors (the first line of each item, row, inner block
// or code line); the first part starts at the block's first line.
function spans(
  anchors: readonly number[],
  source: string,
  size: PartSize,
  lines: readonly number[] = lineStarts(source),
): Span[] {
  const starts = [0, ...anchors.slice(1)];
  const groups = chunk(starts, lines, source, size);
  return groups.map(([from, to], index) => {
    const offset = starts[from]!;
    const end = to < starts.length ? starts[to]! : lines.length - 1;
    return {
      from,
      to,
      offset,
      end,
      source: source.slice(lines[offset], lines[end]),
      first: index === 0,
      last: index === groups.length - 1,
    };
  });
}

function place(span: Span): Pick<PartPlan, 'offset' | 'source'> {
  return { offset: span.offset, source: span.source };
}

function partKey(context: readonly unknown[], span: Span): string {
  return `${context.join('\u0001')}\u0002${span.source}`;
}

/** The text of a part from its key: what follows its context (for a part in a container, with
 * what the container's copies hold around it). Two parts of the same text whose context differs
 * (for code, its lead-in) have the same. */
export function partSource(key: string): string {
  return key.slice(key.indexOf('\u0002') + 1);
}

// A copy of a token that opens or closes a container every part repeats, spanning the part.
function wrapper(token: Token, span: Span): Token {
  const copy = cloneToken(token);
  copy.map = [0, span.end - span.offset];
  return copy;
}

// Groups items (given by first line) into parts: [first item, item after the last) of each.
function chunk(
  itemLines: readonly number[],
  lines: readonly number[],
  source: string,
  size: PartSize,
) {
  const groups: [number, number][] = [];
  let from = 0;
  let chars = 0;
  for (let i = 1; i < itemLines.length; i += 1) {
    const itemStart = lines[itemLines[i]!]!;
    const itemEnd = lines[i + 1 < itemLines.length ? itemLines[i + 1]! : lines.length - 1]!;
    chars += itemStart - lines[itemLines[i - 1]!]!;
    const count = i - from;
    const boundary =
      count >= size.max ||
      (count >= size.min &&
        (chars >= size.chars || hash(source, itemStart, itemEnd) >>> BOUNDARY_SHIFT === 0));
    if (boundary) {
      groups.push([from, i]);
      from = i;
      chars = 0;
    }
  }
  groups.push([from, itemLines.length]);
  return groups;
}

// The lines of `text`, each with its newline.
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let from = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
    lines.push(text.slice(from, at + 1));
    from = at + 1;
  }
  if (from < text.length) lines.push(text.slice(from));
  return lines;
}

// Offsets where each line starts, and the length of the source at the end.
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) {
    if (at + 1 < source.length) starts.push(at + 1);
  }
  starts.push(source.length);
  return starts;
}

/** The number of lines of a source (each ending in a newline but maybe the last). */
export function lineCount(source: string): number {
  let count = source.endsWith('\n') || source === '' ? 0 : 1;
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) count += 1;
  return count;
}

function markPart(token: Token, span: Pick<Span, 'first' | 'last'>): void {
  if (!span.first) token.attrJoin('class', SPLIT_CLASS.continued);
  if (!span.last) token.attrJoin('class', SPLIT_CLASS.continues);
}

function shiftMaps(tokens: readonly Token[], by: number): void {
  if (by === 0) return;
  for (const token of tokens) {
    if (token.map) token.map = [token.map[0] - by, token.map[1] - by];
  }
}

/** A copy of a token that can be changed without changing the original. */
export function cloneToken(token: Token): Token {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(token) as object), token) as Token;
  copy.attrs = token.attrs ? token.attrs.map(([name, value]) => [name, value]) : null;
  copy.map = token.map ? [token.map[0], token.map[1]] : null;
  return copy;
}
