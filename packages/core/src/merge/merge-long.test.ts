import { describe, expect, it } from 'vitest';
import { mergeText } from './merge-text.js';

// ADR 0006: texts of 2,000,000 characters merge like short ones, never losing a side (M1).
describe('mergeText at 2,000,000 characters (ADR 0006)', () => {
  const paragraph = (i: number) =>
    `Paragraph ${i}: 長い原稿の一節 with an emoji 🚀 and some words to wrap.\n\n`;
  const base = Array.from({ length: 40_000 }, (_, i) => paragraph(i))
    .join('')
    .slice(0, 1_999_999);
  const text = `${base}\n`;

  it('applies edits at both ends, one per side', () => {
    expect(text).toHaveLength(2_000_000);
    const local = `Local title.\n\n${text}`;
    const remote = `${text}Remote epilogue.\n`;
    const merged = mergeText(text, local, remote);
    expect(merged.conflicts).toEqual([]);
    expect(merged.text === `Local title.\n\n${text}Remote epilogue.\n`).toBe(true);
  });

  it('keeps both versions of the same line changed on both sides, and every other edit', () => {
    const middle = text.indexOf('Paragraph 20000:');
    const line = text.slice(middle, text.indexOf('\n', middle));
    const local = `Start.\n${text.replace(line, `${line} Local ending.`)}`;
    const remote = `${text.replace(line, `${line} Remote ending.`)}End.\n`;
    const merged = mergeText(text, local, remote);
    expect(merged.conflicts).toHaveLength(1);
    expect(merged.text.startsWith('Start.\n')).toBe(true);
    expect(merged.text.endsWith('End.\n')).toBe(true);
    expect(merged.text).toContain(`${line} Local ending.`);
    expect(merged.text).toContain(`${line} Remote ending.`);
    expect(merged.text.length).toBeGreaterThan(text.length);
  });
});
