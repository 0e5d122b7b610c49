import { describe, expect, it } from 'vitest';
import { linesOf, renumberAround } from './renumber-list';

// The text after renumbering the list block around line `index`.
function renumber(text: string, index: number): string {
  let out = text;
  for (const edit of renumberAround(linesOf(text), index).reverse()) {
    out = out.slice(0, edit.from) + edit.insert + out.slice(edit.to);
  }
  return out;
}

describe('renumberAround', () => {
  it('numbers the items after an inserted one', () => {
    expect(renumber('1. a\n2. new\n2. b\n3. c', 1)).toBe('1. a\n2. new\n3. b\n4. c');
  });

  it('numbers the items after a removed one, from the first number', () => {
    expect(renumber('3. a\n5. c\n6. d\n', 1)).toBe('3. a\n4. c\n5. d\n');
    expect(renumber('1) a\n\n3) c', 0)).toBe('1) a\n\n2) c');
  });

  it('numbers each level of nested lists on its own', () => {
    const text = '1. a\n   1. x\n   3. y\n   - bullet\n5. b\n   more text\n9. c';
    expect(renumber(text, 0)).toBe('1. a\n   1. x\n   2. y\n   - bullet\n2. b\n   more text\n3. c');
  });

  it('stops at text outside the list, and a bullet list ends a numbered one', () => {
    expect(renumber('1. a\n3. b\nText\n5. c', 0)).toBe('1. a\n2. b\nText\n5. c');
    expect(renumber('1. a\n- b\n5. c', 0)).toBe('1. a\n- b\n5. c');
  });

  it('leaves lists numbered with one number, and lines of no list', () => {
    expect(renumber('1. a\n1. b\n1. c', 2)).toBe('1. a\n1. b\n1. c');
    expect(renumberAround(linesOf('Text\n1. a\n3. b'), 0)).toEqual([]);
  });
});
