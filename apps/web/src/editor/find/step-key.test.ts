import { describe, expect, it } from 'vitest';
import { findStepKey } from './step-key';

const key = (
  name: string,
  mods: Partial<Record<'shift' | 'ctrl' | 'meta' | 'alt', boolean>> = {},
  code = name.length === 1 ? `Key${name.toUpperCase()}` : name,
) => ({
  key: name,
  code,
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

  it('reads Ctrl+G where G is on a layout of another script (Russian п, Greek γ)', () => {
    expect(findStepKey(key('п', { ctrl: true }, 'KeyG'))).toBe('next');
    expect(findStepKey(key('Π', { ctrl: true, shift: true }, 'KeyG'))).toBe('previous');
    expect(findStepKey(key('γ', { meta: true }, 'KeyG'))).toBe('next');
    expect(findStepKey(key('п', {}, 'KeyG'))).toBeUndefined();
    expect(findStepKey(key('ы', { ctrl: true }, 'KeyS'))).toBeUndefined();
  });

  it('leaves other keys alone', () => {
    expect(findStepKey(key('g'))).toBeUndefined();
    expect(findStepKey(key('G', { shift: true }))).toBeUndefined();
    expect(findStepKey(key('F3', { ctrl: true }))).toBeUndefined();
    expect(findStepKey(key('g', { ctrl: true, alt: true }))).toBeUndefined();
    expect(findStepKey(key('F4'))).toBeUndefined();
  });
});
