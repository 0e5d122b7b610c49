import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ID_LENGTH } from '../constants.js';
import { createIdGenerator, ID_ALPHABET, type RandomBytes } from './id.js';

// Secure random bytes, drawn from the platform in large blocks to keep 100,000 draws fast.
let pool = new Uint8Array(0);
let poolAt = 0;
const secureBytes: RandomBytes = (length) => {
  if (poolAt + length > pool.length) {
    pool = new Uint8Array(nodeRandomBytes(65_536));
    poolAt = 0;
  }
  poolAt += length;
  return pool.slice(poolAt - length, poolAt);
};

/** A byte source that cycles through 0, 1, …, 255, 0, 1, … */
function cyclingBytes(): RandomBytes {
  let next = 0;
  return (length) =>
    Uint8Array.from({ length }, () => {
      const byte = next;
      next = (next + 1) % 256;
      return byte;
    });
}

/** A byte source that replays the given bytes, then zeros. */
function replay(bytes: number[]): RandomBytes {
  const queue = [...bytes];
  return (length) => Uint8Array.from({ length }, () => queue.shift() ?? 0);
}

/** Pearson's chi-square statistic of character counts against the uniform distribution. */
function chiSquare(ids: string[]): number {
  const counts = new Map<string, number>();
  let total = 0;
  for (const id of ids) {
    for (const char of id) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
      total += 1;
    }
  }
  const expected = total / ID_ALPHABET.length;
  return [...ID_ALPHABET].reduce((sum, char) => {
    const diff = (counts.get(char) ?? 0) - expected;
    return sum + (diff * diff) / expected;
  }, 0);
}

// Chi-square with 61 degrees of freedom exceeds 130 with probability below 1e-6: a uniform
// generator passes, and a modulo-biased one (chi-square about 10,000 on this sample) cannot.
const CHI_SQUARE_LIMIT = 130;

describe('createIdGenerator (core §9: unique id, 16 characters, base62)', () => {
  it('uses the 62 characters 0-9, a-z, A-Z', () => {
    expect(ID_ALPHABET).toHaveLength(62);
    expect(new Set(ID_ALPHABET).size).toBe(62);
    expect(ID_ALPHABET).toMatch(/^[0-9a-zA-Z]+$/);
  });

  it('makes ids of 16 base62 characters with no repeat in 100,000 draws', () => {
    expect(ID_LENGTH).toBe(16);
    const nextId = createIdGenerator(secureBytes);
    const ids = Array.from({ length: 100_000 }, nextId);
    expect(ids.filter((id) => !/^[0-9a-zA-Z]{16}$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(100_000);
    expect(chiSquare(ids)).toBeLessThan(CHI_SQUARE_LIMIT);
  });

  it('has a uniformity check that a modulo-biased generator fails', () => {
    const biased = () =>
      Array.from(secureBytes(ID_LENGTH), (byte) => ID_ALPHABET[byte % 62]).join('');
    const ids = Array.from({ length: 100_000 }, biased);
    expect(chiSquare(ids)).toBeGreaterThan(CHI_SQUARE_LIMIT * 10);
  });

  it('maps bytes 0..247 to characters by value modulo 62', () => {
    const nextId = createIdGenerator(replay([0, 61, 62, 123, 124, 185, 186, 247, 10, 36]));
    expect(nextId()).toBe('0Z0Z0Z0ZaA000000');
  });

  it('throws bytes 248..255 away instead of folding them onto the first characters', () => {
    const nextId = createIdGenerator(replay([248, 249, 250, 251, 252, 253, 254, 255, 1]));
    expect(nextId()).toBe('1000000000000000');
  });

  it('gives every character exactly the same count over whole cycles of byte values', () => {
    // 31 ids = 496 characters = two passes over the 248 accepted byte values.
    const nextId = createIdGenerator(cyclingBytes());
    const text = Array.from({ length: 31 }, nextId).join('');
    const counts = new Map<string, number>();
    for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('asks only for the bytes it still needs', () => {
    const asked: number[] = [];
    const source: RandomBytes = (length) => {
      asked.push(length);
      return asked.length === 1
        ? Uint8Array.from({ length }, (_, i) => (i < 3 ? 255 : 7))
        : replay([])(length);
    };
    expect(createIdGenerator(source)()).toBe('7777777777777000');
    expect(asked).toEqual([16, 3]);
  });

  it('refuses a broken source instead of looping for ever', () => {
    expect(() => createIdGenerator(() => new Uint8Array(0))()).toThrow(/no bytes/);
    expect(() => createIdGenerator((length) => new Uint8Array(length).fill(255))()).toThrow(
      /no usable bytes/,
    );
  });
});
