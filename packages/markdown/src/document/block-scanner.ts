import type MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/** Definitions a block made while being parsed (markdown-it keeps them in `env`). */
export interface UnitEnv {
  references?: Record<string, { href: string; title: string }>;
  abbreviations?: Record<string, string>;
  [key: string]: unknown;
}

/** One top-level block of a scanned source: its lines and block tokens. */
export interface ScannedBlock {
  /** First line, relative to the scanned source. */
  start: number;
  /** Line after the block, relative to the scanned source. */
  end: number;
  /** Block tokens (inline content not parsed yet), maps relative to `start`. */
  tokens: Token[];
  /** Definitions the block made. */
  env: UnitEnv;
}

/** The blocks found, and the line (relative to the source) where scanning stopped. */
export interface ScanResult {
  blocks: ScannedBlock[];
  next: number;
  /** True when `stopAt` said so; false when the source ended. */
  stopped: boolean;
}

/**
 * Parses `source` into top-level blocks with markdown-it's block rules, one rule application at
 * a time, as markdown-it's own block tokenizer does at the top level. Before each block after
 * the first, `stopAt(line)` may end the scan: a top-level block boundary carries no state, so
 * what follows it parses the same whatever came before.
 */
export function scanBlocks(
  md: MarkdownIt,
  source: string,
  stopAt: (line: number) => boolean = () => false,
): ScanResult {
  const blocks: ScannedBlock[] = [];
  if (source === '') return { blocks, next: 0, stopped: false };
  const state = new md.block.State(source, md, {}, []);
  const rules = md.block.ruler.getRules('');
  const end = state.lineMax;
  let line = 0;
  for (;;) {
    line = state.skipEmptyLines(line);
    if (line >= end) return { blocks, next: end, stopped: false };
    if (blocks.length > 0 && stopAt(line)) return { blocks, next: line, stopped: true };
    const env: UnitEnv = {};
    state.env = env;
    state.line = line;
    const first = state.tokens.length;
    let matched = false;
    for (const rule of rules) {
      if (rule(state, line, end, false)) {
        matched = true;
        break;
      }
    }
    if (!matched || state.line <= line) throw new Error('No block rule matched the line.');
    const tokens = state.tokens.slice(first);
    for (const token of tokens) {
      if (token.map) token.map = [token.map[0] - line, token.map[1] - line];
    }
    blocks.push({ start: line, end: state.line, tokens, env });
    line = state.line;
  }
}
