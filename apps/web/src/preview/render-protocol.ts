import {
  type ConverterOptions,
  type DocumentSection,
  type Heading,
  type TextChange,
} from '@inkstone/markdown';

/** What the preview asks of its render worker. */
export type RenderRequest =
  /** Show this text from scratch, with these options (a file was opened, options changed). */
  | {
      type: 'open';
      version: number;
      text: string;
      options: ConverterOptions;
      /** `full` converts the whole text again on every change: the benchmark's baseline. */
      conversion?: 'incremental' | 'full';
    }
  /** Apply edits (each in the text left by the one before). */
  | { type: 'edit'; version: number; changes: readonly TextChange[] }
  /** Send every section's HTML again (the preview lost what it had). */
  | { type: 'resync' };

/** A rendering of a version of the text: the sections in order, and the HTML (not sanitised:
 * that happens on the main thread, where the DOM is) of sections the preview has not seen. */
export interface RenderResponse {
  type: 'render';
  version: number;
  /** Length of the text rendered. */
  length: number;
  /** False while only the first screen is ready; the rest follows. */
  complete: boolean;
  sections: DocumentSection[];
  html: Record<number, string>;
  headings: Heading[];
  /** Milliseconds the worker spent on this rendering. */
  workMs: number;
}

/** Characters of text rendered first when a document opens: about a screen's worth. */
export const FIRST_SCREEN_BUDGET = 6000;

/** Milliseconds of rendering work at a time before the thread is given back. */
export const RENDER_SLICE_MS = 6;

/** A text opened or inserted at once of at least this many characters (a paste) has the
 * languages of its fences loaded before most of its code is rendered. */
export const PREFETCH_MIN_LENGTH = 2000;

/** The longest the rendering of such a text waits for those languages, in milliseconds: one
 * that arrives later is shown as any language is, plain and then highlighted. */
export const LANGUAGE_WAIT_MS = 400;
