import { describe, expect, it } from 'vitest';
import { createSlugger, slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Trimmed  ', 'trimmed'],
    ['API: v2.0 (beta)!', 'api-v20-beta'],
    ['snake_case and kebab-case', 'snake_case-and-kebab-case'],
    ['A & B', 'a--b'],
    ['Ünïcode Überschrift', 'ünïcode-überschrift'],
    ['日本語 の 見出し', '日本語-の-見出し'],
    ['Привет, мир', 'привет-мир'],
    ['🚀 Launch', '-launch'],
    ['???', 'section'],
    ['', 'section'],
  ])('%j → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('createSlugger', () => {
  it('numbers repeats and avoids ids taken by earlier headings', () => {
    const slugger = createSlugger();
    const ids = ['Intro', 'Intro', 'Intro-1', 'Intro', '', ''].map((text) => slugger.slug(text));
    expect(ids).toEqual(['intro', 'intro-1', 'intro-1-1', 'intro-2', 'section', 'section-1']);
  });
});
