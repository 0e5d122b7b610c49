import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../constants.js';
import { nameWithSuffix, uniqueName } from './unique-name.js';

describe('V4 uniqueName (core §5: made unique by appending .1, .2 and so on)', () => {
  it('keeps a name that is free', () => {
    expect(uniqueName('Notes', [])).toBe('Notes');
    expect(uniqueName('Notes', ['Other', 'notes'])).toBe('Notes');
  });

  it('appends .1, then .2', () => {
    expect(uniqueName('Notes', ['Notes'])).toBe('Notes.1');
    expect(uniqueName('Notes', ['Notes', 'Notes.1'])).toBe('Notes.2');
  });

  it('skips a generated name that is itself taken', () => {
    expect(uniqueName('Notes', ['Notes', 'Notes.1', 'Notes.2', 'Notes.4'])).toBe('Notes.3');
    expect(uniqueName('x', new Set(['x', 'x.1']))).toBe('x.2');
  });

  it('appends to a name that already ends in a number rather than counting on from it', () => {
    expect(uniqueName('x.1', ['x.1'])).toBe('x.1.1');
  });

  it('reads any iterable of names once', () => {
    function* names() {
      yield 'Untitled';
      yield 'Untitled.1';
    }
    expect(uniqueName('Untitled', names())).toBe('Untitled.2');
  });
});

describe('nameWithSuffix', () => {
  it('appends the suffix', () => {
    expect(nameWithSuffix('Notes', 1)).toBe('Notes.1');
    expect(nameWithSuffix('Notes', 12)).toBe('Notes.12');
  });

  it('stays within 250 characters, cutting the name and keeping the suffix', () => {
    const long = 'n'.repeat(MAX_NAME_LENGTH);
    expect(nameWithSuffix(long, 1)).toBe('n'.repeat(248) + '.1');
    expect(nameWithSuffix(long, 10)).toHaveLength(250);
    expect(uniqueName(long, [long, 'n'.repeat(248) + '.1'])).toBe('n'.repeat(248) + '.2');
  });

  it('does not cut a surrogate pair to make room', () => {
    expect(nameWithSuffix('n'.repeat(247) + '😀', 1)).toBe('n'.repeat(247) + '.1');
  });
});
