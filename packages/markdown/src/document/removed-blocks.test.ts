import { describe, expect, it } from 'vitest';
import { RemovedBlocks } from './removed-blocks.js';
import { createPart, createUnit, type Unit } from './unit.js';

// A block parsed with definitions `definitions`, shown as one announced section.
function parsed(source: string, definitions = 'defs'): Unit {
  const unit = createUnit(0, 1, source, [], {});
  const part = createPart(0, '');
  part.announced = true;
  part.id = 1;
  unit.parts = [part];
  unit.shown = [{ offset: 0, section: { id: 1, line: 0 } }];
  unit.needsInline = false;
  unit.definitions = definitions;
  return unit;
}

describe('RemovedBlocks', () => {
  it('gives a block back once, by its text, as shown nowhere', () => {
    const removed = new RemovedBlocks();
    const unit = parsed('Some text.\n');
    removed.keep([unit]);
    expect(unit.shown).toEqual([]);
    expect(unit.parts[0]!.announced).toBe(false);
    expect(removed.take('Other text.\n', 'defs')).toBeUndefined();
    expect(removed.take('Some text.\n', 'defs')).toBe(unit);
    expect(removed.take('Some text.\n', 'defs')).toBeUndefined();
  });

  it('forgets a block parsed with other definitions instead of giving it back', () => {
    const removed = new RemovedBlocks();
    removed.keep([parsed('See [a].\n', 'old')]);
    expect(removed.take('See [a].\n', 'new')).toBeUndefined();
    expect([...removed.values()]).toEqual([]);
  });

  it('keeps neither a block not parsed yet nor one whose parts another block took', () => {
    const removed = new RemovedBlocks();
    const unparsed = parsed('One.\n');
    unparsed.needsInline = true;
    const spent = parsed('Two.\n');
    spent.spent = true;
    removed.keep([unparsed, spent]);
    expect([...removed.values()]).toEqual([]);
  });

  it('keeps the 5,000 blocks that left last, the oldest going first', () => {
    const removed = new RemovedBlocks();
    const units = Array.from({ length: 5002 }, (_, i) => parsed(`Block ${i}.\n`));
    removed.keep(units.slice(0, 5000));
    // Block 0 leaves the document again: it is the newest now.
    removed.keep([units[0]!]);
    removed.keep(units.slice(5000));
    const kept = [...removed.values()];
    expect(kept).toHaveLength(5000);
    expect(kept).not.toContain(units[1]);
    expect(kept).not.toContain(units[2]);
    expect(kept).toContain(units[0]);
    expect(kept.at(-1)).toBe(units[5001]);
  });
});
