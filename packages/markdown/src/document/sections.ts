import { type ShownPart, type Unit } from './unit.js';

/** A section of the rendered document: a block, or the footnotes at the end. */
export interface DocumentSection {
  /** Identifies the section's HTML: a section whose HTML changes gets a new id. */
  id: number;
  /** Its first source line (the footnotes section has the line after the text). */
  line: number;
}

// Section ids are unique across every document of this JavaScript realm, so a preview that
// switches documents (or options) can never mistake a section of one for a section of another.
let nextSectionId = 1;

/** A section id never handed out before, for HTML that changed. */
export function newSectionId(): number {
  return nextSectionId++;
}

/**
 * Lists the sections of `units` in order into `sections` (each part of a block is one), with
 * the HTML of those not handed out before into `html`, and notes what each block shows. A block
 * not prepared yet (parsed and rendered) lists what it showed before. Returns whether every
 * block was prepared.
 */
export function listSections(
  units: readonly Unit[],
  sections: DocumentSection[],
  html: Record<number, string>,
): boolean {
  let complete = true;
  for (const unit of units) {
    const { start, shown } = unit;
    if (unit.needsInline || unit.needsRender) {
      complete = false;
      // Not prepared yet: a block that showed before keeps showing what it showed.
      for (const was of shown) sections.push(sectionAt(was, start + was.offset));
      continue;
    }
    // (Plain loops, and nothing new where nothing changed: this runs over every block of the
    // document at each keystroke, and a section object made at each one for each block was
    // most of a keystroke's work at 2,000,000 characters, with its garbage.)
    const { parts } = unit;
    if (shown.length !== parts.length) shown.length = 0;
    for (let index = 0; index < parts.length; index += 1) {
      const part = parts[index]!;
      const was = shown[index];
      if (was === undefined || was.section.id !== part.id || was.offset !== part.offset) {
        const section = { id: part.id, line: start + part.offset };
        shown[index] = { offset: part.offset, section };
        sections.push(section);
      } else {
        sections.push(sectionAt(was, start + part.offset));
      }
      if (!part.announced) {
        html[part.id] = part.html;
        part.announced = true;
      }
    }
  }
  return complete;
}

// The section object a part listed last, or a new one where its block moved (the object handed
// out before is never changed: the preview may hold it).
function sectionAt(was: ShownPart, line: number): DocumentSection {
  if (was.section.line !== line) was.section = { id: was.section.id, line };
  return was.section;
}
