// Issue 30: what the images step reads of the texts (which images a file still links) and the
// sizes and words it tells.
import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { GITHUB_FILE_LIMIT } from './content-limit.js';
import { testContent, testFile, testFolder } from '../testing/test-items.js';
import {
  base64ByteLength,
  derivedImageId,
  imageTooLargeMessage,
  linkedImagePaths,
} from './workspace-images.js';

describe('the images a workspace still links', () => {
  it('finds markdown images, references and <img> tags, from each file’s folder', async () => {
    const repository = new MemoryDatabase(`links-${Math.random()}`).connect();
    await repository.put([
      testFolder('a', 'Notes'),
      testFolder('b', 'Deep', 'a'),
      testFile('root', 'Root'),
      testContent(
        'root',
        '![one](/imgs/one.png) and ![two](<imgs/two words.png> "title")\n\n[ref]: ./imgs/ref.jpg\n',
      ),
      testFile('deep', 'Deep file', 'b'),
      testContent(
        'deep',
        '<img src="../../imgs/html.gif" alt=""> ![web](https://example.com/x.png) ![up](../pic.webp)\n',
      ),
      testFile('plain', 'Plain'),
      testContent('plain', 'A [link](/imgs/not-an-image-link.png), not an image.\n'),
    ]);
    expect([...(await linkedImagePaths(repository))].sort()).toEqual([
      'Notes/pic.webp',
      'imgs/html.gif',
      'imgs/one.png',
      'imgs/ref.jpg',
      'imgs/two words.png',
    ]);
  });
});

describe('sizes, ids and words', () => {
  it('counts the bytes of base64 without decoding, padding included', () => {
    expect(base64ByteLength('')).toBe(0);
    expect(base64ByteLength('YQ==')).toBe(1);
    expect(base64ByteLength('YWI=')).toBe(2);
    expect(base64ByteLength('YWJj')).toBe(3);
    expect(base64ByteLength('YWJj\nZGVm')).toBe(6);
  });

  it('gives an image brought down the same id in every browser, another for another path', () => {
    expect(derivedImageId('imgs/a.png')).toBe(derivedImageId('imgs/a.png'));
    expect(derivedImageId('imgs/a.png')).not.toBe(derivedImageId('imgs/b.png'));
    expect(derivedImageId('imgs/a.png')).toMatch(/^[0-9a-zA-Z]{16}$/);
  });

  it('says which image is too large, how large, and what the host takes', () => {
    expect(imageTooLargeMessage('imgs/big.png', 126_353_408, GITHUB_FILE_LIMIT)).toBe(
      'The image imgs/big.png (120.5 MB) is larger than GitHub takes (100 MB): it was not synchronized, and stays in this browser.',
    );
  });
});
