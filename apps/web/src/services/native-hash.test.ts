import { hashItem } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { nativeItemHasher } from './native-hash';

describe('nativeItemHasher', () => {
  it('gives what core hashItem gives, with the native SHA-256', async () => {
    for (const text of ['', 'Hello\n', 'é€😀 mixed\n', 'x'.repeat(100_000)]) {
      const item = { id: 'f/content', type: 'content', text, properties: '', history: ['h'] };
      expect(await nativeItemHasher(item)).toBe(hashItem(item));
    }
  });

  it('falls back to core for a lone surrogate, which TextEncoder would replace', async () => {
    const item = { id: 'f/content', type: 'content', text: 'broken \uD800 text' };
    expect(await nativeItemHasher(item)).toBe(hashItem(item));
  });
});
