import { nextTask } from '../services/time-slice';

/** Turns a section's HTML into the nodes to show; the caller sanitises on the way. */
export type SectionBuilder = (html: string) => DocumentFragment;

/** Gives the main thread back to the browser between slices of work. */
export type Yielder = () => Promise<void>;

/** A section to show: its id (a new id means new HTML) and first source line. */
export interface SectionRef {
  id: number;
  line: number;
}

/** A section shown: its wrapper element, id and first source line. */
export interface ShownSection {
  readonly id: number;
  readonly line: number;
  readonly element: HTMLElement;
}

interface Shown {
  id: number;
  line: number;
  element: HTMLElement;
}

/** Main-thread time a patch may take before it yields, so typing never waits on the preview. */
const SLICE_BUDGET_MS = 6;

/** Class of the element wrapping each section. */
export const SECTION_CLASS = 'preview-section';

/** Class of the elements grouping sections, CHUNK_SIZE at a time: what the browser skips laying
 * out and painting while it is off screen (content-visibility). Each such element costs the
 * browser a visibility check in every frame, so a few hundred groups of sections cost far less
 * than thousands of single ones (measured: docs/adr/0003). */
export const CHUNK_CLASS = 'preview-chunk';
export const CHUNK_SIZE = 32;

/** The longest the preview's slices go on yielding only to input and frames: then one waits
 * behind the page's other tasks. */
export const FAIR_TURN_MS = 50;

let lastFairTurn = -Infinity;

/** Default yielder. Mostly `scheduler.yield` (where the browser has it), whose continuation runs
 * before the page's other tasks, so the preview of a long text pasted or opened is built without
 * waiting behind them; but at least every FAIR_TURN_MS, a task queued behind what the page has
 * queued already (a message): continuations alone held the page's timers, messages and loads
 * back until the whole preview was built (a timer set at a paste of doc-250k ran 1.1 s late,
 * several seconds at doc-1m: docs/adr/0003, "A big paste"). */
export const yieldToBrowser: Yielder = () => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  const now = performance.now();
  if (scheduler?.yield && now - lastFairTurn < FAIR_TURN_MS) return scheduler.yield();
  lastFairTurn = now;
  return nextTask();
};

/**
 * Keeps a container's children equal to a list of sections, each in a wrapper element, touching
 * only sections whose id changed: a section that only moved keeps its element (its source line
 * is kept here, not in the DOM). New sections are built (sanitised) top down in slices, yielding
 * between them; a newer `apply` supersedes an unfinished one, which leaves the page consistent.
 * The HTML of every id is kept, so a section that comes back is shown without asking again.
 */
export class SectionPatcher {
  private shown: Shown[] = [];
  private readonly html = new Map<number, string>();
  private generation = 0;

  constructor(
    private readonly root: HTMLElement,
    private readonly build: SectionBuilder,
    private readonly yielder: Yielder = yieldToBrowser,
  ) {}

  /** Learns the HTML of sections (ids are never reused with other HTML). */
  learn(html: Record<number, string>): void {
    for (const [id, value] of Object.entries(html)) this.html.set(Number(id), value);
  }

  /** Whether the HTML of every section listed is known. (Those shown already are: only the
   * others are looked up, a few at a keystroke rather than every section of the document.) */
  knows(sections: readonly SectionRef[]): boolean {
    const { start, suffix } = this.unchanged(sections);
    for (let i = start; i < sections.length - suffix; i += 1) {
      if (!this.html.has(sections[i]!.id)) return false;
    }
    return true;
  }

  /** Shows `sections`. Resolves true once they are all in the DOM, false if superseded. */
  async apply(sections: readonly SectionRef[]): Promise<boolean> {
    const generation = (this.generation += 1);
    const old = this.shown;
    const { start, suffix } = this.unchanged(sections);
    // Sections kept keep their elements; their lines may have moved.
    for (let i = 0; i < start; i += 1) old[i]!.line = sections[i]!.line;
    for (let k = 1; k <= suffix; k += 1)
      old[old.length - k]!.line = sections[sections.length - k]!.line;
    const oldCount = old.length - start - suffix;
    const newCount = sections.length - start - suffix;
    let sliceStart = performance.now();
    const pause = async () => {
      if (performance.now() - sliceStart < SLICE_BUDGET_MS) return true;
      await this.yielder();
      sliceStart = performance.now();
      return generation === this.generation;
    };
    for (let k = 0; k < Math.min(oldCount, newCount); k += 1) {
      const index = start + k;
      // The same section at the same place between changed ones (a paste still going in while a
      // section above it changed): kept, as the unchanged ends are.
      if (old[index]!.id === sections[index]!.id) {
        old[index]!.line = sections[index]!.line;
        continue;
      }
      this.replace(index, sections[index]!);
      if (!(await pause())) return false;
    }
    for (let k = oldCount; k < newCount; k += 1) {
      this.insert(start + k, sections[start + k]!);
      if (!(await pause())) return false;
    }
    if (oldCount > newCount) this.remove(start + newCount, oldCount - newCount);
    this.forget();
    return true;
  }

  // How many sections at the start and at the end of `sections` are shown already, in place.
  private unchanged(sections: readonly SectionRef[]): { start: number; suffix: number } {
    const old = this.shown;
    let start = 0;
    while (
      start < old.length &&
      start < sections.length &&
      old[start]!.id === sections[start]!.id
    ) {
      start += 1;
    }
    let suffix = 0;
    while (
      suffix < old.length - start &&
      suffix < sections.length - start &&
      old[old.length - 1 - suffix]!.id === sections[sections.length - 1 - suffix]!.id
    ) {
      suffix += 1;
    }
    return { start, suffix };
  }

  /** The sections shown, in order. */
  get sections(): readonly ShownSection[] {
    return this.shown;
  }

  /** The section whose element holds `node`, with its index. */
  sectionOf(node: Node): { index: number; section: ShownSection } | undefined {
    let element: Node | null = node;
    while (element && element.parentNode?.parentNode !== this.root) element = element.parentNode;
    if (!element) return undefined;
    const index = this.shown.findIndex((section) => section.element === element);
    return index === -1 ? undefined : { index, section: this.shown[index]! };
  }

  /** Empties the container. */
  clear(): void {
    this.generation += 1;
    this.shown = [];
    this.root.replaceChildren();
    this.html.clear();
  }

  private replace(index: number, ref: SectionRef): void {
    const element = this.create(ref);
    this.shown[index]!.element.replaceWith(element);
    this.shown[index] = { id: ref.id, line: ref.line, element };
  }

  private insert(index: number, ref: SectionRef): void {
    const element = this.create(ref);
    const next = this.shown[index]?.element;
    if (next) {
      const chunk = next.parentElement!;
      chunk.insertBefore(element, next);
      if (chunk.childElementCount > 2 * CHUNK_SIZE) this.split(chunk);
    } else {
      // At the end: into the last group while it has room.
      let chunk = this.root.lastElementChild as HTMLElement | null;
      if (!chunk || chunk.childElementCount >= CHUNK_SIZE) chunk = this.addChunk(null);
      chunk.append(element);
    }
    this.shown.splice(index, 0, { id: ref.id, line: ref.line, element });
  }

  // A group grown by insertions in the middle gives its second half to a new group after it.
  private split(chunk: HTMLElement): void {
    const rest = [...chunk.children].slice(CHUNK_SIZE);
    this.addChunk(chunk.nextElementSibling).append(...rest);
  }

  private addChunk(before: Element | null): HTMLElement {
    const chunk = this.root.ownerDocument.createElement('div');
    chunk.className = CHUNK_CLASS;
    this.root.insertBefore(chunk, before);
    return chunk;
  }

  private remove(index: number, count: number): void {
    for (const section of this.shown.splice(index, count)) {
      const chunk = section.element.parentElement;
      section.element.remove();
      if (chunk && chunk.childElementCount === 0) chunk.remove();
    }
  }

  private create(ref: SectionRef): HTMLElement {
    const element = this.root.ownerDocument.createElement('div');
    element.className = SECTION_CLASS;
    element.append(this.build(this.html.get(ref.id) ?? ''));
    return element;
  }

  // Keeps the HTML of what is shown, plus a bounded number of others that may come back. Past
  // the bound, the oldest are dropped down to half of it, so that typing (a new id a keystroke)
  // pays for the lookup of what is shown once in KEPT_HIDDEN / 2 keystrokes, not at every one.
  private forget(): void {
    const extra = this.html.size - this.shown.length;
    if (extra <= KEPT_HIDDEN) return;
    const shownIds = new Set(this.shown.map((section) => section.id));
    let drop = extra - KEPT_HIDDEN / 2;
    for (const id of this.html.keys()) {
      if (drop === 0) break;
      if (!shownIds.has(id)) {
        this.html.delete(id);
        drop -= 1;
      }
    }
  }
}

/** How many sections not shown keep their HTML, at most (the oldest go first). */
export const KEPT_HIDDEN = 2000;
