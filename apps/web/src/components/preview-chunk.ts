// What the preview pane loads once the editor shows its file: the preview controller (and with
// it markdown-it, its extensions, KaTeX, highlighting and the sanitiser) and KaTeX's styles,
// which only the preview's math needs. One module, so that they arrive as one chunk, the
// styles in before the first rendering.
import 'katex/dist/katex.min.css';

export { PreviewController } from '../preview/preview-controller';
