import type MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { MARKDOWN_PRESET_OPTIONS } from './converter-options.js';
import { MarkdownDocument } from './document/markdown-document.js';
import { createPipeline } from './document/pipeline.js';
import { WARM_UP_SAMPLES } from './warm-up.js';

// markdown-it's rulers keep their rules in `__rules__` and a compiled chain in `__cache__`.
interface RulerInternals {
  __rules__: { name: string; enabled: boolean; fn: (...args: unknown[]) => unknown }[];
  __cache__: unknown;
}

/** Wraps every enabled rule of a ruler so that a rule that matches (returns true) is noted. */
function watchRules(ruler: unknown, kind: string, matched: Set<string>): string[] {
  const internals = ruler as RulerInternals;
  const names: string[] = [];
  for (const rule of internals.__rules__) {
    if (!rule.enabled) continue;
    const name = `${kind}:${rule.name}`;
    names.push(name);
    const original = rule.fn;
    rule.fn = (...args: unknown[]) => {
      const result = original(...args);
      if (result === true) matched.add(name);
      return result;
    };
  }
  internals.__cache__ = null;
  return names;
}

function everyRuleOf(md: MarkdownIt, matched: Set<string>): string[] {
  return [
    ...watchRules(md.block.ruler, 'block', matched),
    ...watchRules(md.inline.ruler, 'inline', matched),
  ];
}

describe('WARM_UP_SAMPLES', () => {
  it('make every block and inline rule of the default pipeline match at least once', () => {
    const options = { ...MARKDOWN_PRESET_OPTIONS.default, mermaid: true, abc: true };
    const md = createPipeline(options);
    const matched = new Set<string>();
    const rules = everyRuleOf(md, matched);
    for (const sample of WARM_UP_SAMPLES) {
      const document = new MarkdownDocument(md);
      document.reset(sample);
      document.renderHtml();
    }
    expect(rules.length).toBeGreaterThan(20);
    expect(rules.filter((rule) => !matched.has(rule))).toEqual([]);
  });

  it('render without a highlighter being asked for a language (nothing to load)', () => {
    const asked: string[] = [];
    const md = createPipeline(MARKDOWN_PRESET_OPTIONS.default, (_code, language) => {
      asked.push(language);
      return '';
    });
    for (const sample of WARM_UP_SAMPLES) {
      const document = new MarkdownDocument(md);
      document.reset(sample);
      document.renderHtml();
    }
    expect(asked.filter((language) => language !== '')).toEqual([]);
  });

  it('come each as a one-byte text, then as a two-byte one (V8 compiles expressions for each)', () => {
    const twoByte = (text: string) => [...text].some((char) => char.codePointAt(0)! > 0xff);
    expect(WARM_UP_SAMPLES.length % 2).toBe(0);
    WARM_UP_SAMPLES.forEach((sample, index) => expect(twoByte(sample)).toBe(index % 2 === 1));
    for (let index = 0; index < WARM_UP_SAMPLES.length; index += 2)
      expect(WARM_UP_SAMPLES[index + 1]!.startsWith(WARM_UP_SAMPLES[index]!)).toBe(true);
  });

  it('are small: each one a short task', () => {
    for (const sample of WARM_UP_SAMPLES) expect(sample.length).toBeLessThan(400);
  });
});
