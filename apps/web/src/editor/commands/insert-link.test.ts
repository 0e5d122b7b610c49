import { describe, expect, it } from 'vitest';
import { image, link, parseImageSize } from './insert-link';
import { apply } from './test-helpers';

describe('link', () => {
  it('links the selected text, with the title in quotes when there is one', () => {
    expect(apply(link({ url: 'https://a.example', title: '' }), 'see «this» page')).toBe(
      'see [«this»](https://a.example) page',
    );
    expect(apply(link({ url: 'https://a.example', title: 'A "site"' }), '«this»')).toBe(
      '[«this»](https://a.example "A \\"site\\"")',
    );
  });

  it('selects a placeholder text when nothing is selected', () => {
    expect(apply(link({ url: 'x.md', title: '' }), '|')).toBe('[«link text»](x.md)');
  });

  it('puts a URL with spaces in angle brackets', () => {
    expect(apply(link({ url: 'my file.md', title: '' }), '«a»')).toBe('[«a»](<my file.md>)');
  });
});

describe('image', () => {
  it('writes the size as a width before the title', () => {
    expect(apply(image({ url: 'i.png', title: 'T', size: 320 }), '«dot»')).toBe(
      '![«dot»](i.png =s320 "T")',
    );
    expect(apply(image({ url: 'i.png', title: '', size: undefined }), '|')).toBe(
      '![«image description»](i.png)',
    );
  });

  it('parses the size as an integer', () => {
    expect(parseImageSize('320')).toBe(320);
    expect(parseImageSize(' 120px ')).toBe(120);
    expect(parseImageSize('')).toBeUndefined();
    expect(parseImageSize('big')).toBeUndefined();
    expect(parseImageSize('0')).toBeUndefined();
  });
});
