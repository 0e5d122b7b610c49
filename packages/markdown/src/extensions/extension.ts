import type MarkdownIt from 'markdown-it';
import { type ExtensionName } from '../converter-options.js';

/** One switchable extension: a name from the spec and what it adds to a markdown-it instance. */
export interface MarkdownExtension {
  /** The switch in `ConverterOptions` that turns it on. */
  readonly name: ExtensionName;
  /** Adds the extension's rules and renderers; called once per converter. */
  apply(md: MarkdownIt): void;
}
