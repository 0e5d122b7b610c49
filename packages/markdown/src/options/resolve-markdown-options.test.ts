import { describe, expect, it } from 'vitest';
import { MARKDOWN_PRESET_OPTIONS } from '../converter-options.js';
import { resolveMarkdownOptions } from './resolve-markdown-options.js';

const { zero, commonmark, gfm, default: defaults } = MARKDOWN_PRESET_OPTIONS;

describe('resolveMarkdownOptions', () => {
  it('is the default preset when neither the file nor the settings say anything', () => {
    expect(resolveMarkdownOptions(undefined, undefined)).toEqual(defaults);
    expect(resolveMarkdownOptions({}, {})).toEqual(defaults);
  });

  it('reads flat switches and a preset', () => {
    expect(resolveMarkdownOptions({ preset: 'gfm', table: false, katex: true }, undefined)).toEqual(
      { ...gfm, table: false, katex: true },
    );
  });

  it('reads the nested form of StackEdit documents', () => {
    const file = {
      preset: 'commonmark',
      markdown: { breaks: true, table: true, typographer: true },
      katex: { enabled: true },
      mermaid: { enabled: false },
      emoji: { enabled: true, shortcuts: true },
    };
    expect(resolveMarkdownOptions(file, undefined)).toEqual({
      ...commonmark,
      breaks: true,
      table: true,
      typographer: true,
      katex: true,
      emoji: true,
    });
  });

  it('lets a flat switch win over the same switch under markdown', () => {
    const file = { markdown: { table: true }, table: false };
    expect(resolveMarkdownOptions(file, undefined).table).toBe(false);
  });

  it('applies the file over the settings over the default preset', () => {
    const settings = { breaks: true, emoji: false, katex: false };
    const file = { katex: true };
    expect(resolveMarkdownOptions(file, settings)).toEqual({
      ...defaults,
      breaks: true,
      emoji: false,
      katex: true,
    });
  });

  it("starts from the settings' preset when the file names none", () => {
    expect(resolveMarkdownOptions({ del: false }, { preset: 'gfm', table: false })).toEqual({
      ...gfm,
      table: false,
      del: false,
    });
  });

  it("replaces the settings' preset and switches with the file's preset", () => {
    const settings = { preset: 'gfm', breaks: true, markdown: { table: false } };
    expect(resolveMarkdownOptions({ preset: 'commonmark' }, settings)).toEqual(commonmark);
    expect(resolveMarkdownOptions({ preset: 'zero', fence: true }, settings)).toEqual({
      ...zero,
      fence: true,
    });
  });

  it('matches preset names ignoring case and surrounding spaces', () => {
    expect(resolveMarkdownOptions({ preset: ' GFM ' }, undefined)).toEqual(gfm);
  });

  it('falls back to the default preset for an unknown preset name', () => {
    expect(resolveMarkdownOptions({ preset: 'github' }, undefined)).toEqual(defaults);
    // Still a preset of the file's: the settings' switches no longer apply.
    expect(resolveMarkdownOptions({ preset: 'nope' }, { preset: 'zero', breaks: true })).toEqual(
      defaults,
    );
    expect(resolveMarkdownOptions(undefined, { preset: 'nope', breaks: true })).toEqual({
      ...defaults,
      breaks: true,
    });
  });

  it('ignores a preset that is not a string', () => {
    expect(resolveMarkdownOptions({ preset: 3 }, { preset: 'gfm' })).toEqual(gfm);
    expect(resolveMarkdownOptions({ preset: ['zero'] }, undefined)).toEqual(defaults);
  });

  it('ignores unknown keys, wrong types and html', () => {
    const file = {
      table: 'false',
      katex: 1,
      mermaid: null,
      emoji: { enabled: 'yes' },
      abc: [],
      html: false,
      highlight: true,
      markdown: { breaks: 'true', sub: { enabled: false }, unknown: true },
    };
    expect(resolveMarkdownOptions(file, undefined)).toEqual(defaults);
  });

  it.each([null, 'gfm', 42, true, ['preset', 'gfm'], () => 0])(
    'ignores a layer of shape %j',
    (layer) => {
      expect(resolveMarkdownOptions(layer, layer)).toEqual(defaults);
    },
  );

  it('ignores a markdown key that is not an object', () => {
    expect(resolveMarkdownOptions({ markdown: true, breaks: true }, undefined)).toEqual({
      ...defaults,
      breaks: true,
    });
  });

  it('reads own keys only, never inherited ones', () => {
    const file = Object.create({ table: false, preset: 'zero' }) as object;
    expect(resolveMarkdownOptions(file, undefined)).toEqual(defaults);
    const parsed = JSON.parse('{"__proto__": {"table": false}, "breaks": true}') as unknown;
    expect(resolveMarkdownOptions(parsed, undefined)).toEqual({ ...defaults, breaks: true });
  });

  it('returns fresh options each time', () => {
    const options = resolveMarkdownOptions(undefined, undefined);
    options.table = false;
    expect(resolveMarkdownOptions(undefined, undefined).table).toBe(true);
  });
});
