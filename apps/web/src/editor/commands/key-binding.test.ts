import { describe, expect, it } from 'vitest';
import { bindingMatches } from './key-binding';

const press = (
  key: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>> = {},
  code = `Key${key.toUpperCase()}`,
) => ({
  key,
  code,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
});

describe('bindingMatches', () => {
  it('matches Mod to Ctrl, or to ⌘ on a Mac', () => {
    expect(bindingMatches('Mod-s', press('s', { ctrl: true }), false)).toBe(true);
    expect(bindingMatches('Mod-s', press('s', { meta: true }), false)).toBe(false);
    expect(bindingMatches('Mod-s', press('s', { meta: true }), true)).toBe(true);
    expect(bindingMatches('Ctrl-s', press('s', { ctrl: true }), true)).toBe(true);
    expect(bindingMatches('Cmd-s', press('s', { meta: true }), false)).toBe(true);
  });

  it('wants Shift when it is written or the letter is a capital, and only then', () => {
    expect(bindingMatches('Mod-Shift-s', press('S', { ctrl: true, shift: true }), false)).toBe(
      true,
    );
    expect(bindingMatches('Shift-Mod-s', press('S', { ctrl: true, shift: true }), false)).toBe(
      true,
    );
    expect(bindingMatches('Mod-S', press('S', { ctrl: true, shift: true }), false)).toBe(true);
    expect(bindingMatches('Mod-s', press('S', { ctrl: true, shift: true }), false)).toBe(false);
    expect(bindingMatches('Mod-Shift-s', press('s', { ctrl: true }), false)).toBe(false);
    expect(bindingMatches('Mod-Alt-s', press('s', { ctrl: true }), false)).toBe(false);
  });

  it('reads the letter on other layouts as the keymap does', () => {
    expect(bindingMatches('Mod-s', press('ы', { ctrl: true }, 'KeyS'), false)).toBe(true);
    expect(bindingMatches('Mod-b', press('s', { ctrl: true }), false)).toBe(false);
  });

  it('matches no binding of a key that is not a letter', () => {
    expect(
      bindingMatches('Mod-Shift-8', press('*', { ctrl: true, shift: true }, 'Digit8'), false),
    ).toBe(false);
    expect(bindingMatches('Mod-Hyper-s', press('s', { ctrl: true }), false)).toBe(false);
  });
});
