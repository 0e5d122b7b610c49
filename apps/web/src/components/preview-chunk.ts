// What the preview pane loads once the editor shows its file: the preview controller (and with
// it markdown-it, its extensions, KaTeX, highlighting and the sanitiser) and KaTeX's styles,
// which only the preview's math needs, and the YAML parser of files' properties (which choose the
// file's markdown extensions). One module, so that they arrive as one chunk, the
// styles in before the first rendering.
import 'katex/dist/katex.min.css';

export { PreviewController } from '../preview/preview-controller';
export { parseYamlObject } from '@inkstone/core';
