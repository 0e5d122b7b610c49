import { type Unit } from './unit.js';

// How many blocks that left the document are kept for reuse.
const REMOVED_KEPT = 5000;

/**
 * Blocks that left the document recently, by source: when the same text comes back (a fence
 * opened and closed again, an undo), its parsing and rendering are reused. A few thousand are
 * kept; the oldest go first.
 */
export class RemovedBlocks {
  private readonly bySource = new Map<string, Unit>();

  /** Keeps the blocks of `units` that were parsed and whose parts no other block took, as not
   * shown anywhere. */
  keep(units: readonly Unit[]): void {
    const kept = this.bySource;
    for (const unit of units) {
      if (unit.needsInline || unit.spent) continue;
      for (const part of unit.parts) part.announced = false;
      unit.shown = [];
      kept.delete(unit.source);
      kept.set(unit.source, unit);
    }
    for (const key of kept.keys()) {
      if (kept.size <= REMOVED_KEPT) break;
      kept.delete(key);
    }
  }

  /** Takes out the block kept for `source`: returned when it was parsed with the document's
   * definitions `definitions` (what a block means depends on them), else forgotten. */
  take(source: string, definitions: string): Unit | undefined {
    const unit = this.bySource.get(source);
    this.bySource.delete(source);
    return unit !== undefined && unit.definitions === definitions ? unit : undefined;
  }

  /** The blocks kept. */
  values(): IterableIterator<Unit> {
    return this.bySource.values();
  }
}
