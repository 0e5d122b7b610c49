import { describe, expect, it } from 'vitest';
import { indentListItem } from './indent-list';
import { apply } from './test-helpers';

describe('indentListItem', () => {
  it('puts an item under the one before, where its text starts', () => {
    expect(apply(indentListItem, '- a\n- b|')).toBe('- a\n  - b|');
    expect(apply(indentListItem, '1. a\n2. |b')).toBe('1. a\n   1. |b');
    expect(apply(indentListItem, '1. a\n   1. b\n2. |c')).toBe('1. a\n   1. b\n   2. |c');
    expect(apply(indentListItem, '- a\n  - b\n  - «c\n  - d»')).toBe(
      '- a\n  - b\n    - «c\n    - d»',
    );
  });

  it('does not apply outside lists or to a first item', () => {
    expect(apply(indentListItem, 'text|')).toBeNull();
    expect(apply(indentListItem, 'Text\n- a|')).toBeNull();
    expect(apply(indentListItem, '- a\nText\n- b|')).toBeNull();
  });
});
