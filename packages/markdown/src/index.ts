export {
  EMPTY_SLUG,
  KATEX_OPTIONS,
  LINK_SCHEMES,
  MARKDOWN_EXTENSIONS,
  MARKDOWN_PRESETS,
  SOURCE_LINE_ATTRIBUTE,
} from './constants.js';
export { type Converter, createConverter } from './converter.js';
export {
  type DocumentSection,
  type DocumentUpdate,
  MarkdownDocument,
} from './document/markdown-document.js';
export { type TextChange } from './document/line-index.js';
export { SPLIT_CLASS } from './document/split.js';
export { textHash } from './document/text-hash.js';
export { type FenceCode, fenceCode, fenceLanguage, type Highlighter } from './rules/fence.js';
export {
  type ConverterOptions,
  DEFAULT_CONVERTER_OPTIONS,
  DEFAULT_MARKDOWN_PRESET,
  type ExtensionName,
  isMarkdownPreset,
  MARKDOWN_PRESET_OPTIONS,
  type MarkdownPreset,
  resolveConverterOptions,
} from './converter-options.js';
export { resolveMarkdownOptions } from './options/resolve-markdown-options.js';
export {
  createSanitizer,
  type FragmentSanitizer,
  type Sanitizer,
  type SanitizerWindow,
} from './sanitizer.js';
export { isGroupable, type SectionKind } from './sanitizer-grouping.js';
export {
  createDiagramSanitizer,
  type DiagramSanitizer,
  MERMAID_CONFIG,
} from './diagram-sanitizer.js';
export { createSlugger, type Slugger, slugify } from './slug.js';
export { isSafeStyle } from './style-policy.js';
export { buildToc, sameToc, type TocNode } from './toc.js';
export { type Heading, type Rendered } from './types.js';
export { isSafeSrcset, isSafeUrl, type UrlKind } from './url-policy.js';
export { WARM_UP_SAMPLES } from './warm-up.js';
