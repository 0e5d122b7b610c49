import { nextTask } from '../services/time-slice';
import { takeInputTurn } from './input-turns';

/** Turns a section's HTML into the nodes to show; the caller sanitises on the way. */
export type SectionBuilder = (html: string) => DocumentFragment;

/** Builds the nodes of several consecutive sections at once (sanitised in groups, one parse for
 * many sections): `clean` gives each section's nodes as the builder would before its last step,
 * and `finish` takes each, when shown, through that step. */
export interface SectionGroupBuilder {
  clean(htmls: readonly string[]): DocumentFragment[];
  finish(nodes: DocumentFragment): DocumentFragment;
}

/** Most characters of HTML built in one group, and most sections: about a slice's worth of
 * sanitising or less on this machine (docs/adr/0003, "Sanitising in groups"). */
export const GROUP_MAX_CHARS = 16_000;
export const GROUP_MAX_SECTIONS = 64;

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

/** The most main-thread time the preview's own slices take between two turns of the page's
 * other tasks: then one slice waits behind them. Counted in the preview's own work, not in time
 * gone by: keystrokes, frames and the editor's work run between the slices anyway, and counting
 * them gave the page a turn far more often than fairness needs (docs/adr/0003, "Where a doc-1m
 * paste's last section goes"). */
export const FAIR_TURN_MS = 50;

/** The most a slice counts for: a chain started by an event long after the last slice resumed
 * is not the preview's work. */
const LONGEST_SLICE_MS = 50;

let workSinceFairTurn = 0;
let resumedAt: number | undefined;

function resumed(): void {
  resumedAt = performance.now();
}

/** Default yielder. Mostly `scheduler.yield` (where the browser has it), whose continuation runs
 * before the page's other tasks, so the preview of a long text pasted or opened is built without
 * waiting behind them; but once the preview has worked FAIR_TURN_MS since the page's last turn,
 * a task queued behind what the page has queued already (a message): continuations alone held
 * the page's timers, messages and loads back until the whole preview was built (a timer set at
 * a paste of doc-250k ran 1.1 s late, several seconds at doc-1m: docs/adr/0003, "A big paste").
 * Right after a key or a pointer press, every pause waits behind the page's tasks until they
 * have had their turn after the frame showing it (`takeInputTurn`, input-turns.ts). */
export const yieldToBrowser: Yielder = () => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (resumedAt !== undefined) {
    workSinceFairTurn += Math.min(performance.now() - resumedAt, LONGEST_SLICE_MS);
    resumedAt = undefined;
  }
  const inputTurn = takeInputTurn();
  if (scheduler?.yield && workSinceFairTurn < FAIR_TURN_MS && !inputTurn)
    return scheduler.yield().then(resumed);
  workSinceFairTurn = 0;
  return nextTask().then(() => {
    inputTurn?.done();
    resumed();
  });
};

/**
 * Keeps a container's children equal to a list of sections, each in a wrapper element, touching
 * only sections whose id changed: a section that only moved keeps its element (its source line
 * is kept here, not in the DOM). New sections are built (sanitised) top down in slices, yielding
 * between them; a newer `apply` supersedes an unfinished one, which leaves the page consistent.
 * The HTML of every id is kept, so a section that comes back is shown without asking again.
 * With a group builder, HTML that several of the new sections hold is built once per `apply`
 * and each of those sections shows its own copy of the clean nodes (docs/adr/0003).
 */
export class SectionPatcher {
  private shown: Shown[] = [];
  private readonly html = new Map<number, string>();
  private generation = 0;
  // Sections built ahead, in a group, by id; emptied at each `apply`.
  private readonly ahead = new Map<number, DocumentFragment>();
  // HTML that more than one of the sections an `apply` builds holds, and the clean nodes (before
  // the group builder's `finish`) of those built already: the others are copies of them. Both
  // emptied when the `apply` ends or another begins.
  private repeated: ReadonlySet<string> = NONE;
  private readonly copies = new Map<string, DocumentFragment>();

  constructor(
    private readonly root: HTMLElement,
    private readonly build: SectionBuilder,
    private readonly yielder: Yielder = yieldToBrowser,
    private readonly group?: SectionGroupBuilder,
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
    this.ahead.clear();
    this.copies.clear();
    const old = this.shown;
    const { start, suffix } = this.unchanged(sections);
    this.repeated = this.group
      ? this.repeatedHtml(sections, start, sections.length - suffix)
      : NONE;
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
      this.buildAhead(sections, index, start + Math.min(oldCount, newCount), old);
      this.replace(index, sections[index]!);
      if (!(await pause())) return false;
    }
    for (let k = oldCount; k < newCount; k += 1) {
      this.buildAhead(sections, start + k, start + newCount);
      this.insert(start + k, sections[start + k]!);
      if (!(await pause())) return false;
    }
    if (oldCount > newCount) this.remove(start + newCount, oldCount - newCount);
    this.forget();
    this.copies.clear();
    this.repeated = NONE;
    return true;
  }

  // The HTML held by more than one of `sections[from..to)` that are not shown in place already.
  private repeatedHtml(
    sections: readonly SectionRef[],
    from: number,
    to: number,
  ): ReadonlySet<string> {
    if (to - from < 2) return NONE;
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (let i = from; i < to; i += 1) {
      const id = sections[i]!.id;
      if (this.shown[i]?.id === id) continue;
      const html = this.html.get(id) ?? '';
      if (seen.has(html)) repeated.add(html);
      else seen.add(html);
    }
    return repeated.size === 0 ? NONE : repeated;
  }

  // Builds the sections from `from` (up to `to`, GROUP_MAX_CHARS and GROUP_MAX_SECTIONS) in one
  // group, unless the first is built already. Between `old`'s sections, those already shown in
  // place are skipped, as `apply` keeps them.
  private buildAhead(
    sections: readonly SectionRef[],
    from: number,
    to: number,
    old?: readonly Shown[],
  ): void {
    const first = sections[from]!.id;
    if (!this.group || this.ahead.has(first) || this.copies.has(this.html.get(first) ?? '')) return;
    const ids: number[] = [];
    const htmls: string[] = [];
    // Repeated HTML in this group: its later sections are copies of the first, not built again.
    const inGroup = new Set<string>();
    let chars = 0;
    for (let i = from; i < to && ids.length < GROUP_MAX_SECTIONS; i += 1) {
      const id = sections[i]!.id;
      if (old?.[i]?.id === id || this.ahead.has(id)) continue;
      const html = this.html.get(id) ?? '';
      if (this.copies.has(html) || inGroup.has(html)) continue;
      if (ids.length > 0 && chars + html.length > GROUP_MAX_CHARS) break;
      if (this.repeated.has(html)) inGroup.add(html);
      ids.push(id);
      htmls.push(html);
      chars += html.length;
    }
    if (ids.length < 2) return;
    const built = this.group.clean(htmls);
    ids.forEach((id, k) => this.ahead.set(id, built[k]!));
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
    this.ahead.clear();
    this.copies.clear();
    this.repeated = NONE;
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
    element.append(this.nodesOf(ref.id));
    return element;
  }

  // A section's nodes: built ahead in a group, a copy of those of the same HTML built earlier in
  // this `apply` (a section's clean nodes depend on its HTML alone), or built now.
  private nodesOf(id: number): DocumentFragment {
    const html = this.html.get(id) ?? '';
    const group = this.group;
    const ahead = this.ahead.get(id);
    if (ahead) this.ahead.delete(id);
    if (!group) return this.build(html);
    const copy = this.copies.get(html);
    if (copy) return group.finish(copy.cloneNode(true) as DocumentFragment);
    if (!this.repeated.has(html)) return ahead ? group.finish(ahead) : this.build(html);
    const clean = ahead ?? group.clean([html])[0]!;
    this.copies.set(html, clean.cloneNode(true) as DocumentFragment);
    return group.finish(clean);
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

const NONE: ReadonlySet<string> = new Set();

/** How many sections not shown keep their HTML, at most (the oldest go first). */
export const KEPT_HIDDEN = 2000;
