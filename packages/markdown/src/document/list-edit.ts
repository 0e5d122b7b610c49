import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { scanBlocks } from './block-scanner.js';
import { definesSomething } from './definitions.js';
import { type LineChange, type LineIndex } from './line-index.js';
import { lowerBound } from './lower-bound.js';
import { cloneToken, lineCount, planParts, tightness } from './split.js';
import { createUnit, type Unit } from './unit.js';

/**
 * An edit inside one part of a long tight list, not its first or last part (most typing in a
 * long list): only that part's lines are scanned again, on their own, where the whole list took
 * about 10 ms to scan at 2,500 items. They parse alone as they do in the list when they still
 * make one tight list of the same kind, start and end on an item of it, and define nothing; and
 * the parts around them stay as they were. Given the block the edit starts in and the text after
 * the edit, returns the block that replaces it (its parts planned, the old ones to be reused),
 * or null for any other edit, which is then scanned as usual.
 */
export function editListPart(
  md: MarkdownIt,
  unit: Unit,
  lines: LineIndex,
  change: LineChange,
): Unit | null {
  const { startLine, oldEndLine, newEndLine } = change;
  const parts = unit.parts;
  const list = parts[0]?.tokens[0];
  if (unit.needsInline || parts.length < 3 || !list) return null;
  if (list.type !== 'bullet_list_open' && list.type !== 'ordered_list_open') return null;
  if (parts.some((part) => part.wrap[0] !== 1 || part.wrap[1] !== 1)) return null;
  if (unit.env.references || unit.env.abbreviations || unit.footnoteLabels.length > 0) {
    return null;
  }
  const k = lowerBound(parts, (part) => unit.start + part.offset > startLine) - 1;
  const part = parts[k];
  const next = parts[k + 1];
  if (k < 1 || k >= parts.length - 1 || !part || !next) return null;
  if (oldEndLine >= unit.start + next.offset) return null;
  const delta = newEndLine - oldEndLine;
  const from = unit.start + part.offset;
  const to = unit.start + next.offset + delta;
  // Each run starts on an item of the list at the margin, and ends on a line of text.
  const marker = list.type === 'bullet_list_open' ? `[${list.markup}]` : `\\d{1,9}[${list.markup}]`;
  const item = new RegExp(`^${marker}[ \\t]+\\S`);
  if (!item.test(lines.line(from)) || !item.test(lines.line(to))) return null;
  if (lines.line(to - 1).trim() === '') return null;
  if (tightness(parts[0]!.tokens, list, 0, parts[0]!.tokens.length) !== 'true') return null;
  const source = lines.lines(from, to);
  const scan = scanBlocks(md, source);
  const block = scan.blocks[0];
  const tokens = block?.tokens ?? [];
  const open = tokens[0];
  if (scan.blocks.length !== 1 || !block || block.start !== 0 || !open) return null;
  if (open.type !== list.type || open.markup !== list.markup) return null;
  if (definesSomething(block) || tightness(tokens, open, 0, tokens.length) !== 'true') return null;
  if (block.end !== to - from) return null;
  // The whole list's block tokens: the other parts' (already parsed; only their lines are read,
  // and their maps are put back after), the scanned ones in place of the edited part's.
  const saved: [Token, [number, number] | null][] = [];
  const body: Token[] = [];
  parts.forEach((other, j) => {
    if (j === k) {
      const scanned = tokens.slice(1, -1);
      for (const token of scanned) {
        if (token.map)
          token.map = [token.map[0] + from - unit.start, token.map[1] + from - unit.start];
      }
      body.push(...scanned);
      return;
    }
    const shift = other.offset + (j > k ? delta : 0);
    for (const token of other.tokens.slice(1, -1)) {
      saved.push([token, token.map]);
      if (token.map) token.map = [token.map[0] + shift, token.map[1] + shift];
      body.push(token);
    }
  });
  const end = unit.end + delta;
  const whole = lines.lines(unit.start, end);
  const wrapperOpen = cloneToken(list);
  wrapperOpen.attrs = (list.attrs ?? []).filter(([name]) => name === 'start');
  wrapperOpen.map = [0, end - unit.start];
  const plans = planParts([wrapperOpen, ...body, cloneToken(parts[0]!.tokens.at(-1)!)], whole);
  for (const [token, map] of saved) token.map = map;
  const pool = new Map(parts.map((old) => [old.key, old]));
  // Every part is one that was, reused as it was (each at most once: its tokens are parsed
  // already), or lies in the scanned lines.
  const unclaimed = new Map(pool);
  const fits = plans?.every((plan) => {
    if (unclaimed.delete(plan.key)) return true;
    const first = unit.start + plan.offset;
    return first >= from && first + lineCount(plan.source) <= to;
  });
  if (!plans || !fits) return null;
  const fresh = createUnit(unit.start, end, whole, [], unit.env);
  fresh.fresh = null;
  fresh.plans = plans;
  fresh.pool = pool;
  return fresh;
}
