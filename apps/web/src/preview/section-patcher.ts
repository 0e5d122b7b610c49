/** Turns a section's HTML into the nodes to show; the caller sanitises on the way. */
export type SectionBuilder = (html: string) => DocumentFragment;

/** Gives the main thread back to the browser between slices of work. */
export type Yielder = () => Promise<void>;

interface RenderedSection {
  html: string;
  nodes: ChildNode[];
}

/** Main-thread time a patch may take before it yields, so typing never waits on the preview. */
const SLICE_BUDGET_MS = 6;

/** Default yielder: the Prioritized Task Scheduling API where the browser has it, else a
 * macrotask. */
export const yieldToBrowser: Yielder = () => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

/** Keeps a container's children equal to a list of HTML sections, touching only the sections
 * that changed: the unchanged start and end of the list keep their DOM nodes. Work is done top
 * down in slices, yielding between them; a newer `apply` supersedes an unfinished one, which
 * leaves the DOM consistent (each section either old or new, in order). */
export class SectionPatcher {
  private rendered: RenderedSection[] = [];
  private generation = 0;

  constructor(
    private readonly root: HTMLElement,
    private readonly build: SectionBuilder,
    private readonly yielder: Yielder = yieldToBrowser,
  ) {}

  /** Shows `sections`. Resolves true once they are all in the DOM, false if superseded. */
  async apply(sections: readonly string[]): Promise<boolean> {
    const generation = (this.generation += 1);
    const old = this.rendered;
    let start = 0;
    while (start < old.length && start < sections.length && old[start]!.html === sections[start]) {
      start += 1;
    }
    let suffix = 0;
    while (
      suffix < old.length - start &&
      suffix < sections.length - start &&
      old[old.length - 1 - suffix]!.html === sections[sections.length - 1 - suffix]
    ) {
      suffix += 1;
    }
    const oldCount = old.length - start - suffix;
    const newCount = sections.length - start - suffix;
    let sliceStart = performance.now();
    const pause = async () => {
      if (performance.now() - sliceStart < SLICE_BUDGET_MS) return true;
      await this.yielder();
      sliceStart = performance.now();
      return generation === this.generation;
    };

    // Replace pairwise, top down, so the first screen is right first.
    for (let k = 0; k < Math.min(oldCount, newCount); k += 1) {
      this.replace(start + k, sections[start + k]!);
      if (!(await pause())) return false;
    }
    // Then insert what is new, or remove what is gone.
    for (let k = oldCount; k < newCount; k += 1) {
      this.insert(start + k, sections[start + k]!);
      if (!(await pause())) return false;
    }
    if (oldCount > newCount) this.remove(start + newCount, oldCount - newCount);
    return true;
  }

  /** The nodes of each shown section, in order (for scroll sync and statistics). */
  get sections(): readonly { readonly nodes: readonly ChildNode[] }[] {
    return this.rendered;
  }

  /** Empties the container. */
  clear(): void {
    this.generation += 1;
    this.remove(0, this.rendered.length);
  }

  private replace(index: number, html: string): void {
    const section = this.rendered[index]!;
    const anchor = this.anchorAfter(index);
    for (const node of section.nodes) node.remove();
    this.rendered[index] = this.create(html, anchor);
  }

  private insert(index: number, html: string): void {
    const anchor = this.anchorAfter(index - 1);
    this.rendered.splice(index, 0, this.create(html, anchor));
  }

  private remove(index: number, count: number): void {
    for (const section of this.rendered.splice(index, count)) {
      for (const node of section.nodes) node.remove();
    }
  }

  private create(html: string, anchor: ChildNode | null): RenderedSection {
    const fragment = this.build(html);
    const nodes = [...fragment.childNodes];
    this.root.insertBefore(fragment, anchor);
    return { html, nodes };
  }

  // The first node shown after section `index`, or null for the end of the container.
  private anchorAfter(index: number): ChildNode | null {
    for (let i = index + 1; i < this.rendered.length; i += 1) {
      const first = this.rendered[i]!.nodes[0];
      if (first) return first;
    }
    return null;
  }
}
