import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashItem, hashText, withHash } from './hash.js';
import { type ContentItem, type FileItem, type LocationItem } from './types.js';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url');

/** Java's String.hashCode, the 32-bit string hash of the reference product. */
function javaHashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

const file: FileItem = { id: 'f1', type: 'file', name: 'Notes', parentId: 'd1', hash: '' };

const content: ContentItem = {
  id: 'f1/content',
  type: 'content',
  text: 'Hello\n',
  properties: '',
  discussions: { d: { text: 'x', start: 0, end: 1 } },
  comments: { c: { discussionId: 'd', sub: 'gh:1', text: 'ok', created: 1 } },
  history: [],
  hash: '',
};

describe('hashText', () => {
  it('is the whole SHA-256 digest, base64url, 43 characters', () => {
    expect(hashText('')).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU');
    expect(hashText('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(hashText('abc')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('tells apart strings that collide under a 32-bit string hash', () => {
    expect(javaHashCode('Aa')).toBe(javaHashCode('BB'));
    expect(javaHashCode('AaAa')).toBe(javaHashCode('BBBB'));
    expect(hashText('Aa')).not.toBe(hashText('BB'));
    expect(hashText('AaAa')).not.toBe(hashText('BBBB'));
  });

  it('hashes unicode and astral characters as their UTF-8 bytes', () => {
    for (const text of ['é', 'e\u0301', '日本語', '😀', '𝔸\n', '👩‍👩‍👧', '\u0000']) {
      expect(hashText(text)).toBe(nodeSha256(text));
    }
    // No Unicode normalisation: composed and decomposed é are different texts.
    expect(hashText('é')).not.toBe(hashText('e\u0301'));
  });

  it('keeps a lone surrogate apart from the replacement character', () => {
    expect(hashText('a\uD83D')).not.toBe(hashText('a\uFFFD'));
    expect(hashText('\uD83D\uDE00')).toBe(hashText('😀'));
  });

  it('hashes a 250,000-character text (core §9 maximum)', () => {
    const text = 'x'.repeat(249_999) + '\n';
    expect(hashText(text)).toBe(nodeSha256(text));
  });

  it('hashes 2,000,000-character texts, CJK (6 MB of UTF-8) and emoji, as Node does (ADR 0006)', () => {
    const cjk = '長い原稿の文字。'.repeat(250_000).slice(0, 1_999_999) + '\n';
    const emoji = '😀🚀'.repeat(499_999) + '😀x\n';
    for (const text of [cjk, emoji]) {
      expect(text).toHaveLength(2_000_000);
      expect(hashText(text)).toBe(nodeSha256(text));
    }
  });
});

describe('hashItem', () => {
  it('is the hash of the canonical JSON without id, hash and history', () => {
    expect(hashItem(file)).toBe(nodeSha256('{"name":"Notes","parentId":"d1","type":"file"}'));
  });

  it('does not depend on key order', () => {
    const reordered = { parentId: 'd1', hash: 'stale', type: 'file', name: 'Notes', id: 'f1' };
    expect(hashItem(reordered)).toBe(hashItem(file));
    const nested = {
      ...content,
      comments: { c: { text: 'ok', created: 1, sub: 'gh:1', discussionId: 'd' } },
    };
    expect(hashItem(nested)).toBe(hashItem(content));
  });

  it.each([
    ['name', { ...file, name: 'Notes2' }],
    ['name case', { ...file, name: 'notes' }],
    ['parentId', { ...file, parentId: 'd2' }],
    ['parentId to root', { ...file, parentId: null }],
    ['type', { ...file, type: 'folder' }],
  ])('changes when the file %s changes', (_, changed) => {
    expect(hashItem(changed)).not.toBe(hashItem(file));
  });

  it.each([
    ['text', { ...content, text: 'Hello!\n' }],
    ['text by one trailing newline', { ...content, text: 'Hello\n\n' }],
    ['properties', { ...content, properties: 'title: x\n' }],
    ['a discussion', { ...content, discussions: {} }],
    ['a comment', { ...content, comments: { c: { ...content.comments.c!, text: 'no' } } }],
  ])('changes when the content %s changes', (_, changed) => {
    expect(hashItem(changed)).not.toBe(hashItem(content));
  });

  it('does not change with history, the stored hash or the id', () => {
    const same = { ...content, id: 'other/content', hash: 'x', history: ['a', 'b'] };
    expect(hashItem(same)).toBe(hashItem(content));
  });

  it('tells apart names that collide under a 32-bit string hash', () => {
    expect(hashItem({ ...file, name: 'Aa' })).not.toBe(hashItem({ ...file, name: 'BB' }));
  });

  it('counts a field set to undefined as absent', () => {
    const location: LocationItem = {
      ...{ id: 'l', type: 'syncLocation', fileId: 'f1', providerId: 'gist', hash: '' },
      gistId: 'g',
    };
    expect(hashItem({ ...location, sha: undefined })).toBe(hashItem(location));
  });
});

describe('withHash', () => {
  it('sets hash to hashItem and changes nothing else', () => {
    const { hash: _, ...unhashed } = file;
    const hashed = withHash<FileItem>(unhashed);
    expect(hashed).toEqual({ ...file, hash: hashItem(file) });
    expect(hashed.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('replaces a stale hash', () => {
    const stale = { ...file, hash: 'stale' };
    expect(withHash<FileItem>(stale).hash).toBe(hashItem(file));
  });
});
