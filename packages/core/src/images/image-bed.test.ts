import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPOSITORY_IMAGE_PATH,
  DEFAULT_WORKSPACE_IMAGE_PATH,
  expandImagePath,
} from './image-bed.js';

const context = { documentName: 'Chapter 1', date: new Date(2026, 0, 5, 23, 59) };

describe('expandImagePath', () => {
  it('fills the date of the defaults, with two-digit months and days', () => {
    expect(expandImagePath(DEFAULT_WORKSPACE_IMAGE_PATH, context)).toBe('/imgs/2026-01-05');
    expect(expandImagePath(DEFAULT_REPOSITORY_IMAGE_PATH, context)).toBe('imgs/2026-01-05');
  });

  it('keeps relative templates relative, and fills the document name', () => {
    expect(expandImagePath('./imgs/{MDNAME}', context)).toBe('./imgs/Chapter 1');
    expect(expandImagePath('../assets/{YYYY}/{MDNAME}', context)).toBe('../assets/2026/Chapter 1');
  });

  it('never lets a document name add a folder', () => {
    expect(expandImagePath('imgs/{MDNAME}', { ...context, documentName: 'a/b\\c' })).toBe(
      'imgs/a-b-c',
    );
  });

  it('leaves unknown braces as written', () => {
    expect(expandImagePath('imgs/{yyyy}/{HH}', context)).toBe('imgs/{yyyy}/{HH}');
  });
});
