import { describe, expect, it } from 'vitest';
import { keyLetter } from './key-letter';

describe('keyLetter', () => {
  it('reads an ASCII letter from the key, in either case, wherever the key is', () => {
    expect(keyLetter({ key: 's', code: 'KeyS' })).toBe('s');
    expect(keyLetter({ key: 'S', code: 'KeyS' })).toBe('s');
    // Dvorak's S is where QWERTY has O: the letter printed on it counts.
    expect(keyLetter({ key: 's', code: 'Semicolon' })).toBe('s');
    expect(keyLetter({ key: 'o', code: 'KeyS' })).toBe('o');
  });

  it('reads the physical key of a letter of another script (Russian, Greek layouts)', () => {
    expect(keyLetter({ key: 'ы', code: 'KeyS' })).toBe('s');
    expect(keyLetter({ key: 'Ы', code: 'KeyS' })).toBe('s');
    expect(keyLetter({ key: 'σ', code: 'KeyS' })).toBe('s');
    expect(keyLetter({ key: 'п', code: 'KeyG' })).toBe('g');
  });

  it('reads nothing from other keys, wherever they are', () => {
    // AZERTY's comma is where QWERTY has M.
    expect(keyLetter({ key: ',', code: 'KeyM' })).toBeUndefined();
    expect(keyLetter({ key: '1', code: 'Digit1' })).toBeUndefined();
    expect(keyLetter({ key: 'F3', code: 'F3' })).toBeUndefined();
    expect(keyLetter({ key: 'ы', code: '' })).toBeUndefined();
  });
});
