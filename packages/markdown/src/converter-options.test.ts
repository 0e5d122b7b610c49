import { describe, expect, it } from 'vitest';
import { MARKDOWN_EXTENSIONS } from './constants.js';
import {
  DEFAULT_CONVERTER_OPTIONS,
  isMarkdownPreset,
  MARKDOWN_PRESET_OPTIONS,
  resolveConverterOptions,
} from './converter-options.js';

const on = (preset: keyof typeof MARKDOWN_PRESET_OPTIONS) =>
  MARKDOWN_EXTENSIONS.filter((name) => MARKDOWN_PRESET_OPTIONS[preset][name]);

describe('presets', () => {
  it('zero: every switch off, no raw HTML', () => {
    expect(on('zero')).toEqual([]);
    expect(MARKDOWN_PRESET_OPTIONS.zero.html).toBe(false);
  });

  it('commonmark: fenced code only, raw HTML kept', () => {
    expect(on('commonmark')).toEqual(['fence']);
    expect(MARKDOWN_PRESET_OPTIONS.commonmark.html).toBe(true);
  });

  it('gfm: commonmark plus tables, strikethrough, task lists and autolinks', () => {
    expect(on('gfm')).toEqual(['del', 'fence', 'linkify', 'table', 'tasklist']);
    expect(MARKDOWN_PRESET_OPTIONS.gfm.html).toBe(true);
  });

  it('default: every extension except breaks', () => {
    expect(on('default')).toEqual(MARKDOWN_EXTENSIONS.filter((name) => name !== 'breaks'));
    expect(MARKDOWN_PRESET_OPTIONS.default.html).toBe(true);
  });

  it('each preset carries its own name', () => {
    for (const [name, options] of Object.entries(MARKDOWN_PRESET_OPTIONS)) {
      expect(options.preset).toBe(name);
    }
  });
});

describe('resolveConverterOptions', () => {
  it('is the default preset without options', () => {
    expect(resolveConverterOptions()).toEqual(MARKDOWN_PRESET_OPTIONS.default);
    expect(DEFAULT_CONVERTER_OPTIONS).toEqual(MARKDOWN_PRESET_OPTIONS.default);
  });

  it('starts from the named preset and lets switches override it', () => {
    expect(resolveConverterOptions({ preset: 'gfm', table: false, katex: true })).toEqual({
      ...MARKDOWN_PRESET_OPTIONS.gfm,
      table: false,
      katex: true,
    });
    expect(resolveConverterOptions({ preset: 'zero', html: true }).html).toBe(true);
  });

  it('keeps switches given without a preset on top of the default preset', () => {
    expect(resolveConverterOptions({ breaks: true, emoji: false })).toEqual({
      ...MARKDOWN_PRESET_OPTIONS.default,
      breaks: true,
      emoji: false,
    });
  });

  it('ignores an unknown preset and values of the wrong type', () => {
    const options = { preset: 'github', table: 'no', katex: 0 } as unknown as Parameters<
      typeof resolveConverterOptions
    >[0];
    expect(resolveConverterOptions(options)).toEqual(MARKDOWN_PRESET_OPTIONS.default);
  });

  it('returns a copy the caller may change', () => {
    const options = resolveConverterOptions({ preset: 'gfm' });
    options.table = false;
    expect(MARKDOWN_PRESET_OPTIONS.gfm.table).toBe(true);
  });
});

describe('isMarkdownPreset', () => {
  it.each(['zero', 'commonmark', 'gfm', 'default'])('accepts %s', (name) => {
    expect(isMarkdownPreset(name)).toBe(true);
  });

  it.each(['GFM', 'github', '', 1, null, undefined])('refuses %j', (value) => {
    expect(isMarkdownPreset(value)).toBe(false);
  });
});
