import { type Heading } from '@inkstone/markdown';

/** Asks the render worker to convert a version of the text. */
export interface RenderRequest {
  version: number;
  text: string;
}

/** The worker's answer: the HTML of each top-level section (not sanitised yet: that happens on
 * the main thread, where the DOM is) and the headings. */
export interface RenderResponse {
  version: number;
  /** Length of the text that was converted. */
  length: number;
  sections: string[];
  headings: Heading[];
  /** Milliseconds the conversion took in the worker. */
  convertMs: number;
}
