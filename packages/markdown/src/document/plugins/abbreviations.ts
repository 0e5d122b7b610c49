import type MarkdownIt from 'markdown-it';
import type { StateBlock, StateCore, Token } from 'markdown-it';

/** The render environment abbreviations read: every definition of the document, by label. */
export interface AbbreviationEnv {
  abbreviations?: Record<string, string>;
  abbreviationPattern?: RegExp | null;
}

/**
 * Abbreviations, `*[HTML]: Hyper Text Markup Language` anywhere in the document: each whole-word
 * occurrence of the label in text becomes `<abbr title="…">`. Definitions are collected per
 * block into `env.abbreviations`; the document merges them (first one wins) before the text of
 * any block is processed.
 */
export function abbreviations(md: MarkdownIt): void {
  md.block.ruler.before('reference', 'abbr_def', abbreviationDefinition, {
    alt: ['paragraph', 'reference'],
  });
  md.core.ruler.after('linkify', 'abbr_replace', replaceAbbreviations);
}

/** A regular expression matching whole-word occurrences of any of the labels, or null. */
export function abbreviationPattern(labels: readonly string[]): RegExp | null {
  if (labels.length === 0) return null;
  const escaped = [...labels]
    .sort((a, b) => b.length - a.length)
    .map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|[\\s\\p{P}\\p{S}])(${escaped.join('|')})(?=$|[\\s\\p{P}\\p{S}])`, 'gu');
}

function abbreviationDefinition(
  state: StateBlock,
  startLine: number,
  _endLine: number,
  silent: boolean,
): boolean {
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const line = state.src.slice(start, max);
  const match = /^\*\[([^\]\n]+)\]:[ \t]*(.*)$/.exec(line);
  if (!match || !match[1]!.trim()) return false;
  if (silent) return true;
  const env = state.env as AbbreviationEnv;
  env.abbreviations ??= {};
  const label = match[1]!.trim();
  env.abbreviations[label] ??= match[2]!.trim();
  const token = state.push('abbr_def', '', 0);
  token.map = [startLine, startLine + 1];
  token.hidden = true;
  state.line = startLine + 1;
  return true;
}

function replaceAbbreviations(state: StateCore): void {
  const env = state.env as AbbreviationEnv;
  const pattern = env.abbreviationPattern;
  const titles = env.abbreviations;
  if (!pattern || !titles) return;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const children: Token[] = [];
    let linkDepth = 0;
    for (const child of block.children) {
      if (child.type === 'link_open') linkDepth += 1;
      if (child.type === 'link_close') linkDepth -= 1;
      if (child.type !== 'text' || linkDepth > 0) {
        children.push(child);
        continue;
      }
      let last = 0;
      const text = child.content;
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
        const at = match.index + match[1]!.length;
        if (at > last) children.push(textToken(state, text.slice(last, at), child.level));
        const open = new state.Token('abbr_open', 'abbr', 1);
        open.attrs = [['title', titles[match[2]!] ?? '']];
        children.push(open, textToken(state, match[2]!, child.level + 1));
        children.push(new state.Token('abbr_close', 'abbr', -1));
        last = at + match[2]!.length;
      }
      if (last === 0) children.push(child);
      else if (last < text.length) children.push(textToken(state, text.slice(last), child.level));
    }
    block.children = children;
  }
}

function textToken(state: StateCore, content: string, level: number): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  token.level = level;
  return token;
}
