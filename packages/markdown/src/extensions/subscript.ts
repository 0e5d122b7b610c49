import subPlugin from 'markdown-it-sub';
import { type MarkdownExtension } from './extension.js';

/**
 * Subscript (markdown-it-sub): `H~2~O` renders `H<sub>2</sub>O`. The text between the tildes
 * has no markup and no unescaped space (`~a\ b~` for a space). `~~x~~` stays strikethrough when
 * `del` is on; a lone `~x~` is subscript, never strikethrough, while this switch is on.
 */
export const subscriptExtension: MarkdownExtension = {
  name: 'sub',
  apply(md) {
    md.use(subPlugin);
  },
};
