import { describe, expect, it } from 'vitest';
import { code, table } from './insert-block';
import { apply } from './test-helpers';

const TABLE = '| «Column 1» | Column 2 |\n| -------- | -------- |\n| Text     | Text     |';

describe('code', () => {
  it('wraps a selection on one line in backticks, and unwraps it', () => {
    expect(apply(code, 'run «make» now')).toBe('run `«make»` now');
    expect(apply(code, 'run `«make»` now')).toBe('run «make» now');
    expect(apply(code, '|')).toBe('`«code»`');
  });

  it('puts the lines of a selection over several in a fenced block, and takes it away', () => {
    expect(apply(code, 'a «b\nc» d')).toBe('```\n«a b\nc d»\n```');
    expect(apply(code, '«```\na\n```»')).toBe('«a»');
  });
});

describe('table', () => {
  it('inserts a two-column table on lines of its own', () => {
    expect(apply(table, '|')).toBe(TABLE);
    expect(apply(table, 'Intro|\nNext')).toBe(`Intro\n\n${TABLE}\n\nNext`);
    expect(apply(table, 'Intro\n|')).toBe(`Intro\n\n${TABLE}`);
    expect(apply(table, 'Intro\n\n|')).toBe(`Intro\n\n${TABLE}`);
  });
});
