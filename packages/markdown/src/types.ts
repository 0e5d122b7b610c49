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

/** The result of rendering one markdown document block by block. */
export interface RenderedSections {
  /** The HTML of each top-level block, in order (not sanitised); joined, they equal `html` of
   * `render`. The footnotes, if any, come last. */
  sections: string[];
  headings: Heading[];
}

/** Converts markdown to HTML with one configured markdown-it instance, reused across renders. */
export interface Converter {
  /** Renders a whole document. Same input, same output: ids and line numbers are stable. */
  render(markdown: string): Rendered;
  /** Renders a whole document as one HTML string per top-level block, so that a preview can
   * replace only the blocks that changed. */
  renderSections(markdown: string): RenderedSections;
}

/**
 * What the pipeline's rules share during one render (markdown-it's `env`); internal. The
 * footnote plugin keeps its own state on the same object.
 */
export interface RenderEnv {
  headings: Heading[];
}
