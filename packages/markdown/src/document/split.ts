import type { Token } from 'markdown-it';
import { fenceLanguage } from '../rules/fence.js';

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
export const FENCE_LEAD_LINES = 16;
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

/** What the fence token of a part of split fenced code carries in `meta`. */
export interface FencePartMeta {
  /** The code lines just before the part (at most FENCE_LEAD_LINES), each ending in a newline:
   * highlighted with the part, then dropped. */
  leadIn: string;
}

/**
 * Splits a top-level list or table of many items or rows into parts of consecutive items or
 * rows, each a list or table of its own (an ordered list keeps counting: each part starts
 * where the one before it stopped; a loose list stays loose in every part), a list of few items
 * one of which holds a long list (an outline) along that inner list, a long block quote into runs
 * of the blocks in it, each a quote of its own, and long fenced code into runs of its lines, each
 * a code block of its own. Returns null for any other block, and for one too short to split.
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
  const lines = lineStarts(source);
  // Code line j is source line j + 1, after the opening fence (markdown-it keeps a line for
  // each, only taking off the fence's indentation).
  const codeLines = code.map((_, index) => index + 1);
  codeLines[0] = 0;
  const groups = chunk(codeLines, lines, source, FENCE_PART_SIZE);
  return groups.map(([from, to], index) => {
    const offset = codeLines[from]!;
    const end = to < code.length ? codeLines[to]! : lines.length - 1;
    const partSource = source.slice(lines[offset], lines[end]);
    const token = cloneToken(fence);
    token.content = code.slice(from, to).join('');
    token.map = [0, end - offset];
    const meta: FencePartMeta = {
      leadIn: code.slice(Math.max(0, from - FENCE_LEAD_LINES), from).join(''),
    };
    token.meta = meta;
    markPart(token, index > 0, index < groups.length - 1);
    const context = ['fence', fence.info, fence.markup, index > 0, index < groups.length - 1];
    return {
      offset,
      source: partSource,
      key: `${context.join('\u0001')}\u0003${meta.leadIn}\u0002${partSource}`,
      tokens: [token],
      wrap: [0, 0],
    };
  });
}

// A block quote: parts of consecutive blocks inside it (paragraphs, lists, code…), each a quote
// of its own. Its inner blocks parse alike wherever the quote is cut between them, as top-level
// blocks do.
function planQuote(tokens: Token[], source: string): PartPlan[] | null {
  const open = tokens[0]!;
  const close = tokens[tokens.length - 1]!;
  const blocks: number[] = [];
  for (let i = 1; i < tokens.length - 1; i += 1) {
    const token = tokens[i]!;
    if (token.level === open.level + 1 && token.nesting !== -1 && token.map) blocks.push(i);
  }
  if (blocks.length < SPLIT_MIN_ITEMS) return null;
  const lines = lineStarts(source);
  const blockLines = blocks.map((index) => tokens[index]!.map![0]);
  blockLines[0] = 0;
  const groups = chunk(blockLines, lines, source, PART_SIZE);
  return groups.map(([from, to], index) => {
    const offset = blockLines[from]!;
    const end = to < blocks.length ? blockLines[to]! : lines.length - 1;
    const partSource = source.slice(lines[offset], lines[end]);
    const body = tokens.slice(blocks[from], to < blocks.length ? blocks[to] : tokens.length - 1);
    shiftMaps(body, offset);
    const partOpen = cloneToken(open);
    partOpen.map = [0, end - offset];
    markPart(partOpen, index > 0, index < groups.length - 1);
    const context = ['blockquote', index > 0, index < groups.length - 1];
    return {
      offset,
      source: partSource,
      key: `${context.join('\u0001')}\u0002${partSource}`,
      tokens: [partOpen, ...body, cloneToken(close)],
      wrap: [1, 1],
    };
  });
}

function planList(tokens: Token[], source: string): PartPlan[] | null {
  const open = tokens[0]!;
  const close = tokens[tokens.length - 1]!;
  const items: number[] = [];
  for (let i = 1; i < tokens.length - 1; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'list_item_open' && token.level === open.level + 1 && token.map) {
      items.push(i);
    }
  }
  if (items.length < SPLIT_MIN_ITEMS) return planNestedList(tokens, source, items);
  const lines = lineStarts(source);
  const itemLines = items.map((index) => tokens[index]!.map![0]);
  itemLines[0] = 0;
  const groups = chunk(itemLines, lines, source, PART_SIZE);
  // A tight list hides its items' paragraphs; the whole list decides, so every part says which.
  const paragraph = tokens.find(
    (token) => token.type === 'paragraph_open' && token.level === open.level + 2,
  );
  const tight = paragraph ? String(paragraph.hidden) : '-';
  const ordered = open.type === 'ordered_list_open';
  const start = ordered ? Number(open.attrGet('start') ?? 1) : 0;
  return groups.map(([from, to], index) => {
    const offset = itemLines[from]!;
    const end = to < items.length ? itemLines[to]! : lines.length - 1;
    const partSource = source.slice(lines[offset], lines[end]);
    const body = tokens.slice(items[from], to < items.length ? items[to] : tokens.length - 1);
    const partOpen = cloneToken(open);
    const partStart = start + from;
    if (ordered) {
      partOpen.attrs = (partOpen.attrs ?? []).filter(([name]) => name !== 'start');
      if (partStart !== 1) partOpen.attrs.unshift(['start', String(partStart)]);
      if (partOpen.attrs.length === 0) partOpen.attrs = null;
    }
    markPart(partOpen, index > 0, index < groups.length - 1);
    partOpen.map = [0, end - offset];
    const partClose = cloneToken(close);
    shiftMaps(body, offset);
    // (A bullet list's parts do not depend on how many items come before them.)
    const context = [
      open.type,
      open.markup,
      ordered ? partStart : '',
      tight,
      index > 0,
      index < groups.length - 1,
    ];
    return {
      offset,
      source: partSource,
      key: `${context.join('\u0001')}\u0002${partSource}`,
      tokens: [partOpen, ...body, partClose],
      wrap: [1, 1],
    };
  });
}

// A list of few items, one of which holds a long list (an outline: one heading item, thousands
// of points under it): parts of consecutive items of the inner list, each inside a copy of the
// outer list and item. The copies after the first part hide their marker (`split-continued`);
// an ordered outer list starts them at the carrying item's number, so the items after it count
// on.
function planNestedList(tokens: Token[], source: string, items: number[]): PartPlan[] | null {
  const open = tokens[0]!;
  const close = tokens[tokens.length - 1]!;
  let carrier = -1;
  let innerAt = -1;
  let innerClose = -1;
  let innerItems: number[] = [];
  for (let k = 0; k < items.length && carrier === -1; k += 1) {
    const stop = k + 1 < items.length ? items[k + 1]! : tokens.length - 1;
    // The item's first list directly inside it.
    const at = tokens.findIndex(
      (token, i) =>
        i > items[k]! &&
        i < stop &&
        token.level === open.level + 2 &&
        token.type.endsWith('_list_open'),
    );
    if (at === -1) continue;
    const level = tokens[at]!.level;
    const found: number[] = [];
    let j = at + 1;
    for (; j < stop && tokens[j]!.level > level; j += 1) {
      if (tokens[j]!.type === 'list_item_open' && tokens[j]!.level === level + 1) found.push(j);
    }
    if (found.length >= SPLIT_MIN_ITEMS && tokens[j]?.type.endsWith('_list_close')) {
      carrier = k;
      innerAt = at;
      innerClose = j;
      innerItems = found;
    }
  }
  if (carrier === -1) return null;
  const inner = tokens[innerAt]!;
  // The carrying item's close comes after the rest of its content.
  let itemClose = innerClose + 1;
  while (
    tokens[itemClose]!.type !== 'list_item_close' ||
    tokens[itemClose]!.level !== open.level + 1
  ) {
    itemClose += 1;
  }
  const lines = lineStarts(source);
  const innerLines = innerItems.map((index) => tokens[index]!.map![0]);
  innerLines[0] = 0;
  const groups = chunk(innerLines, lines, source, PART_SIZE);
  // A tight list hides its items' paragraphs; each list decides for all its parts.
  const tightOf = (list: Token, from: number, to: number) => {
    const paragraph = tokens
      .slice(from, to)
      .find((token) => token.type === 'paragraph_open' && token.level === list.level + 2);
    return paragraph ? String(paragraph.hidden) : '-';
  };
  const outerOrdered = open.type === 'ordered_list_open';
  const outerStart = outerOrdered ? Number(open.attrGet('start') ?? 1) : 0;
  const innerOrdered = inner.type === 'ordered_list_open';
  const innerStart = innerOrdered ? Number(inner.attrGet('start') ?? 1) : 0;
  const outerTight = tightOf(open, 0, tokens.length);
  const innerTight = tightOf(inner, innerAt, innerClose);
  const last = groups.length - 1;
  return groups.map(([from, to], index) => {
    const offset = innerLines[from]!;
    const end = to < innerItems.length ? innerLines[to]! : lines.length - 1;
    const partSource = source.slice(lines[offset], lines[end]);
    const copy = (token: Token) => {
      const clone = cloneToken(token);
      clone.map = [0, end - offset];
      return clone;
    };
    const body = tokens.slice(
      innerItems[from],
      to < innerItems.length ? innerItems[to] : innerClose,
    );
    const outerOpen = copy(open);
    const innerOpen = copy(inner);
    if (index > 0 && outerOrdered) setStart(outerOpen, outerStart + carrier);
    if (innerOrdered) setStart(innerOpen, innerStart + from);
    markPart(outerOpen, index > 0, index < last);
    markPart(innerOpen, index > 0, index < last);
    const before =
      index === 0 ? tokens.slice(1, innerAt) : [continuedItem(copy(tokens[items[carrier]!]!))];
    const after =
      index === last ? tokens.slice(innerClose + 1, tokens.length - 1) : [copy(tokens[itemClose]!)];
    const closeInner = index === last ? tokens[innerClose]! : copy(tokens[innerClose]!);
    shiftMaps(body, offset);
    if (index === last) shiftMaps([tokens[innerClose]!, ...after], offset);
    const context = [
      'nested',
      open.type,
      open.markup,
      outerStart + carrier,
      outerTight,
      inner.type,
      inner.markup,
      innerStart + from,
      innerTight,
      index > 0,
      index < last,
    ];
    return {
      offset,
      source: partSource,
      key: `${context.join('\u0001')}\u0002${partSource}`,
      tokens: [outerOpen, ...before, innerOpen, ...body, closeInner, ...after, copy(close)],
      wrap: [3, 3],
    };
  });
}

// The carrying item in a part after the first: its marker is hidden, it goes on from above.
function continuedItem(item: Token): Token {
  item.attrJoin('class', SPLIT_CLASS.continued);
  return item;
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
  const starts = [0, ...rowLines.slice(1)];
  const groups = chunk(starts, lines, source, PART_SIZE);
  const head = tokens.slice(1, bodyAt);
  const headSource = source.slice(0, lines[rowLines[0]!]);
  return groups.map(([from, to], index) => {
    const offset = starts[from]!;
    const end = to < rows.length ? rowLines[to]! : lines.length - 1;
    const partSource = source.slice(lines[offset], lines[end]);
    const body = tokens.slice(rows[from], to < rows.length ? rows[to] : bodyClose);
    shiftMaps(body, offset);
    const partOpen = cloneToken(open);
    partOpen.map = [0, end - offset];
    partOpen.attrJoin('class', SPLIT_CLASS.table);
    markPart(partOpen, index > 0, index < groups.length - 1);
    const bodyOpen = cloneToken(tokens[bodyAt]!);
    if (index > 0) bodyOpen.map = [0, end - offset];
    const partTokens = [
      partOpen,
      ...(index === 0 ? head : []),
      bodyOpen,
      ...body,
      cloneToken(tokens[bodyClose]!),
      cloneToken(close),
    ];
    const context = ['table', headSource, index > 0, index < groups.length - 1];
    return {
      offset,
      source: partSource,
      key: `${context.join('\u0001')}\u0002${partSource}`,
      tokens: partTokens,
      wrap: [2, 2],
    };
  });
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

// FNV-1a of a stretch of the source (its low bits mix poorly: use the high ones).
function hash(source: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i += 1) {
    h ^= source.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function markPart(token: Token, continued: boolean, continues: boolean): void {
  if (continued) token.attrJoin('class', SPLIT_CLASS.continued);
  if (continues) token.attrJoin('class', SPLIT_CLASS.continues);
}

function shiftMaps(tokens: readonly Token[], by: number): void {
  if (by === 0) return;
  for (const token of tokens) {
    if (token.map) token.map = [token.map[0] - by, token.map[1] - by];
  }
}

// A copy of a token that can be changed without changing the original.
function cloneToken(token: Token): Token {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(token) as object), token) as Token;
  copy.attrs = token.attrs ? token.attrs.map(([name, value]) => [name, value]) : null;
  copy.map = token.map ? [token.map[0], token.map[1]] : null;
  return copy;
}
