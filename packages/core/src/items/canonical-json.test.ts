import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth', () => {
    const a = { b: 1, a: { d: [{ y: 1, x: 2 }], c: null } };
    const b = { a: { c: null, d: [{ x: 2, y: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":null,"d":[{"x":2,"y":1}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('keeps array order, which is meaning', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('sorts by code unit, so the order does not depend on the locale', () => {
    expect(canonicalJson({ b: 1, B: 2, é: 3, '10': 4, '9': 5 })).toBe(
      '{"10":4,"9":5,"B":2,"b":1,"é":3}',
    );
  });

  it('agrees with JSON.stringify on what JSON leaves out or turns to null', () => {
    const value = {
      u: undefined,
      f: () => 1,
      n: NaN,
      i: -Infinity,
      z: -0,
      list: [undefined, () => 1, Infinity],
      date: new Date(Date.UTC(2024, 0, 2)),
    };
    expect(canonicalJson(value)).toBe(
      '{"date":"2024-01-02T00:00:00.000Z","i":null,"list":[null,null,null],"n":null,"z":0}',
    );
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('escapes strings as JSON does, lone surrogates included', () => {
    expect(canonicalJson('a"\\\n\u0001\uD800😀')).toBe('"a\\"\\\\\\n\\u0001\\ud800😀"');
  });

  it('refuses what is not JSON', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => canonicalJson(circular)).toThrow(TypeError);
    expect(() => canonicalJson({ big: 1n })).toThrow(TypeError);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });

  it('accepts the same object twice when it is not its own ancestor', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });
});
