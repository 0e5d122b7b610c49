import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { scanBlocks } from './block-scanner.js';

const md = new MarkdownIt('commonmark');

describe('scanBlocks', () => {
  it('splits a source into its top-level blocks, with block-relative maps', () => {
    const source = '# Title\n\nFirst para\nstill first\n\n- a\n\n- b\n\n```\ncode\n\nmore\n```\n';
    const { blocks, stopped } = scanBlocks(md, source);
    expect(stopped).toBe(false);
    expect(blocks.map((block) => [block.start, block.end, block.tokens[0]!.type])).toEqual([
      [0, 1, 'heading_open'],
      [2, 4, 'paragraph_open'],
      [5, 9, 'bullet_list_open'],
      [9, 14, 'fence'],
    ]);
    expect(blocks[1]!.tokens[0]!.map).toEqual([0, 2]);
  });

  it('produces the same tokens as markdown-it parsing the whole source', () => {
    const source =
      '> quote\nlazy\n\n1. one\n2. two\n\nSetext\n===\n\n[ref]: /url\n\n    indented\n';
    const whole = md.parse(source, {}).map((token) => token.type);
    const scanned = scanBlocks(md, source).blocks.flatMap((block) =>
      block.tokens.map((token) => token.type),
    );
    expect(scanned).toEqual(whole);
  });

  it('records the definitions each block makes', () => {
    const { blocks } = scanBlocks(md, 'See [a].\n\n[a]: /one "One"\n');
    expect(blocks[0]!.env.references).toBeUndefined();
    expect(blocks[1]!.env.references).toEqual({ A: { href: '/one', title: 'One' } });
  });

  it('stops at a block boundary when asked', () => {
    const result = scanBlocks(md, 'a\n\nb\n\nc\n', (line) => line === 4);
    expect(result).toMatchObject({ next: 4, stopped: true });
    expect(result.blocks).toHaveLength(2);
  });
});
