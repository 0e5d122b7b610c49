import type { StateCore, Token } from 'markdown-it';
import { SOURCE_LINE_ATTRIBUTE } from '../constants.js';
import { type MarkdownExtension } from './extension.js';

// `[ ]`, `[x]` or `[X]` opening a list item's first paragraph, then whitespace or nothing.
const MARKER = /^\[([ xX])\](?:[ \t]+|$)/;

const CHECKBOX = 'task_list_checkbox';

/**
 * GFM task lists: `- [ ] todo` and `- [x] done` items become
 * `<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox">`,
 * checked for `x`/`X` and named by the item's text (`aria-label`), and their list gets `class="contains-task-list"`. Both the item and the
 * checkbox carry the item's source line in `data-line`, so the preview can find the `[ ]`
 * marker to toggle in the source: the box is not disabled, a click on it toggles the marker.
 */
export const taskListExtension: MarkdownExtension = {
  name: 'tasklist',
  apply(md) {
    md.core.ruler.push('task_list', markTaskItems);
    md.renderer.rules[CHECKBOX] = (tokens, idx) => {
      const token = tokens[idx] as Token;
      const checked = token.meta === true ? ' checked' : '';
      const line = token.attrGet(SOURCE_LINE_ATTRIBUTE);
      const lineAttr = line === null ? '' : ` ${SOURCE_LINE_ATTRIBUTE}="${line}"`;
      const label = md.utils.escapeHtml(taskLabel(tokens.slice(idx + 1)));
      return `<input type="checkbox" class="task-list-item-checkbox"${checked}${lineAttr} aria-label="${label}">`;
    };
  },
};

function markTaskItems(state: StateCore): void {
  const tokens = state.tokens;
  const lists: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') {
      lists.push(token);
    } else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') {
      lists.pop();
    } else if (token.type === 'list_item_open') {
      const inline = tokens[i + 2];
      if (tokens[i + 1]?.type !== 'paragraph_open' || inline?.type !== 'inline') continue;
      const checked = takeMarker(inline);
      if (checked === null) continue;
      const checkbox = new state.Token(CHECKBOX, 'input', 0);
      checkbox.meta = checked;
      if (token.map) checkbox.attrSet(SOURCE_LINE_ATTRIBUTE, String(token.map[0]));
      inline.children?.unshift(checkbox);
      token.attrJoin('class', 'task-list-item');
      const list = lists[lists.length - 1];
      if (list && !(list.attrGet('class') ?? '').includes('contains-task-list')) {
        list.attrJoin('class', 'contains-task-list');
      }
    }
  }
}

// A checkbox's accessible name: the plain text of the item's first paragraph, which follows it
// (a form control needs a name of its own; WCAG 4.1.2), or "Task" when the item is empty.
function taskLabel(rest: Token[]): string {
  const text = rest
    .map((token) => {
      if (token.type === 'text' || token.type === 'code_inline') return token.content;
      if (token.type === 'softbreak' || token.type === 'hardbreak') return ' ';
      if (token.type === 'image') return token.children?.map((child) => child.content).join('');
      return '';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? 'Task' : text;
}

// Strips the marker from the item's first text; returns whether it was checked, or null when
// the item is not a task.
function takeMarker(inline: Token): boolean | null {
  const first = inline.children?.[0];
  if (!first || first.type !== 'text') return null;
  const match = MARKER.exec(first.content);
  if (match === null) return null;
  first.content = first.content.slice(match[0].length);
  inline.content = inline.content.replace(MARKER, '');
  return match[1] !== ' ';
}
