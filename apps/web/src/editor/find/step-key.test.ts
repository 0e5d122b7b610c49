import { describe, expect, it } from 'vitest';
import { findStepKey } from './step-key';

const key = (
  name: string,
  mods: Partial<Record<'shift' | 'ctrl' | 'meta' | 'alt', boolean>> = {},
) => ({
  key: name,
  shiftKey: mods.shift ?? false,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
});

describe('findStepKey', () => {
  it('reads F3 and Ctrl/Cmd+G as the next match, with Shift the previous one', () => {
    expect(findStepKey(key('F3'))).toBe('next');
    expect(findStepKey(key('F3', { shift: true }))).toBe('previous');
    expect(findStepKey(key('g', { ctrl: true }))).toBe('next');
    expect(findStepKey(key('g', { meta: true }))).toBe('next');
    // With Shift held, the key reads as a capital.
    expect(findStepKey(key('G', { ctrl: true, shift: true }))).toBe('previous');
  });

  it('leaves other keys alone', () => {
    expect(findStepKey(key('g'))).toBeUndefined();
    expect(findStepKey(key('G', { shift: true }))).toBeUndefined();
    expect(findStepKey(key('F3', { ctrl: true }))).toBeUndefined();
    expect(findStepKey(key('g', { ctrl: true, alt: true }))).toBeUndefined();
    expect(findStepKey(key('F4'))).toBeUndefined();
  });
});
