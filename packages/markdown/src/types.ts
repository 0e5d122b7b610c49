/** A heading found while rendering, in document order. */
export interface Heading {
  /** 1 for `#`/`<h1>` … 6 for `######`. */
  level: number;
  /** The heading's plain text: markup removed, code and math kept as written. */
  text: string;
  /** The anchor id written on the heading element, unique within the document. */
  id: string;
  /** 0-based source line where the heading starts. */
  line: number;
}

/** The result of rendering one markdown document. */
export interface Rendered {
  /** HTML, not yet sanitised: raw HTML from the source is kept. Pass it through a `Sanitizer`. */
  html: string;
  /** Every markdown heading, in document order (raw `<h1>` HTML is not listed). */
  headings: Heading[];
}
