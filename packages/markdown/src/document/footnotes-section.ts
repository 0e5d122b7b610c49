import { type FootnoteEntry } from './footnote-numbers.js';
import { type DocumentSection, newSectionId } from './sections.js';

/**
 * The footnotes at the end of a document, one section after its blocks: each footnote in order
 * of number, its content rendered where it is defined, and a link back to each reference. It is
 * built again only when a footnote's number, references or content changed, and gets a new id
 * when its HTML did.
 */
export class FootnotesSection {
  /** The section's id (see `DocumentSection`). */
  id = 0;
  /** Its HTML ('' without footnotes). */
  html = '';
  /** Whether the current `html` was handed out by an update. */
  announced = false;
  // The numbers last rendered, and the content of each footnote then (a block rendered again
  // gets a new map): while they are the same (most keystrokes), nothing is built.
  private numbers: ReadonlyMap<string, FootnoteEntry> | undefined;
  private contents: (Map<string, string> | undefined)[] = [];

  /** Brings the HTML up to date with the footnotes `numbers` (label -> [number, references,
   * owner]; see `numberFootnotes`). */
  render(numbers: ReadonlyMap<string, FootnoteEntry>): void {
    if (numbers === this.numbers && this.sameContents(numbers)) return;
    this.numbers = numbers;
    this.contents = [...numbers.values()].map(([, , owner]) => owner?.footnoteHtml);
    let items = '';
    for (const [label, [n, count, owner]] of numbers) {
      const content = owner?.footnoteHtml.get(label) ?? '';
      let backrefs = '';
      for (let sub = 0; sub < count; sub += 1) {
        backrefs += ` <a href="#fnref${n}${sub > 0 ? `:${sub}` : ''}" class="footnote-backref">\u21a9\uFE0E</a>`;
      }
      const body = content.endsWith('</p>\n')
        ? `${content.slice(0, -'</p>\n'.length)}${backrefs}</p>\n`
        : `${content}${backrefs.trimStart()}`;
      items += `<li id="fn${n}" class="footnote-item">${body}</li>\n`;
    }
    const html =
      items === ''
        ? ''
        : `<hr class="footnotes-sep">\n<section class="footnotes">\n<ol class="footnotes-list">\n${items}</ol>\n</section>\n`;
    if (html !== this.html) {
      this.html = html;
      this.id = newSectionId();
      this.announced = false;
    }
  }

  private sameContents(numbers: ReadonlyMap<string, FootnoteEntry>): boolean {
    let index = 0;
    for (const [, , owner] of numbers.values()) {
      if (owner?.footnoteHtml !== this.contents[index]) return false;
      index += 1;
    }
    return true;
  }

  /**
   * Lists the section (when there are footnotes) after the blocks' in `sections`, at line
   * `line`, with its HTML into `html` when not handed out before. When the blocks are not all
   * prepared (`complete` false), it shows what it showed, if it showed anything.
   */
  list(
    sections: DocumentSection[],
    html: Record<number, string>,
    line: number,
    complete: boolean,
  ): void {
    if (this.html === '') return;
    if (!complete) {
      // The footnotes come last: until then, they show what they showed.
      if (this.announced) sections.push({ id: this.id, line });
      return;
    }
    sections.push({ id: this.id, line });
    if (!this.announced) {
      html[this.id] = this.html;
      this.announced = true;
    }
  }
}
