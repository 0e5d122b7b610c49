// The part of the pipeline the app's first screen needs, without markdown-it, its extensions,
// KaTeX or the sanitiser: constants, the options' resolution, the table of contents' comparison
// and the text hash. Imported as '@inkstone/markdown/essentials', it keeps the converter out of
// the code loaded before the editor is editable (the rest loads with the preview).
export { MARKDOWN_EXTENSIONS, MARKDOWN_PRESETS, SOURCE_LINE_ATTRIBUTE } from './constants.js';
export { type ConverterOptions, type MarkdownPreset } from './converter-options.js';
export { type TextChange } from './document/line-index.js';
export { SPLIT_CLASS } from './document/split.js';
export { textHash } from './document/text-hash.js';
export { resolveMarkdownOptions } from './options/resolve-markdown-options.js';
export { sameToc } from './toc.js';
export { type Heading } from './types.js';
