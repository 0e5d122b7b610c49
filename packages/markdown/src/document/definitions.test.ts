import { describe, expect, it } from 'vitest';
import { resolveConverterOptions } from '../converter-options.js';
import { scanBlocks } from './block-scanner.js';
import { Definitions, definesSomething } from './definitions.js';
import { createPipeline } from './pipeline.js';
import { createUnit, type Unit } from './unit.js';

const md = createPipeline(resolveConverterOptions({ abbr: true, footnote: true }));

// The blocks of `text` as scanned (what they define is known before inline parsing), parsed.
function scanned(text: string): Unit[] {
  return scanBlocks(md, text).blocks.map((block) => {
    const unit = createUnit(block.start, block.end, '', block.tokens, block.env);
    unit.needsInline = false;
    return unit;
  });
}

describe('Definitions', () => {
  it('takes the first definition of each label, in document order', () => {
    const units = scanned(
      '[a]: /one\n\n*[HTML]: Hyper\n\n[^n]: First.\n\nText.\n\n[a]: /two\n\n*[HTML]: Other\n\n[^n]: Second.\n',
    );
    const definitions = new Definitions();
    definitions.gather(units);
    expect(definitions.references).toEqual({ A: { href: '/one', title: '' } });
    expect(definitions.abbreviations).toEqual({ HTML: 'Hyper' });
    expect(definitions.abbreviationRegex?.test('An HTML page')).toBe(true);
    expect([...definitions.footnoteLabels]).toEqual(['n']);
    expect(definitions.footnoteOwners.get('n')).toBe(units[2]);
  });

  it('has every block parsed again when the definitions change, and only then', () => {
    const definitions = new Definitions();
    const units = scanned('[a]: /one\n\nSee [a].\n');
    definitions.gather(units);
    const key = definitions.key;
    for (const unit of units) unit.needsInline = false;
    // The same definitions from other blocks: nothing to parse again.
    const same = scanned('Intro.\n\n[a]: /one\n\nSee [a].\n');
    for (const unit of same) unit.needsInline = false;
    definitions.gather(same);
    expect(definitions.key).toBe(key);
    expect(same.some((unit) => unit.needsInline)).toBe(false);
    const changed = scanned('[a]: /two\n\nSee [a].\n');
    definitions.gather(changed);
    expect(definitions.key).not.toBe(key);
    expect(changed.every((unit) => unit.needsInline)).toBe(true);
    // A new text: parsed again whatever its definitions.
    definitions.reset();
    for (const unit of changed) unit.needsInline = false;
    definitions.gather(changed);
    expect(changed.every((unit) => unit.needsInline)).toBe(true);
  });

  it('tells a block that defines something from one that does not', () => {
    const [reference, abbreviation, footnote, text] = scanBlocks(
      md,
      '[a]: /one\n\n*[HTML]: Hyper\n\n[^n]: Note.\n\nText [a].\n',
    ).blocks;
    expect(
      [reference, abbreviation, footnote, text].map((block) => definesSomething(block!)),
    ).toEqual([true, true, true, false]);
  });
});
