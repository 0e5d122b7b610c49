// @vitest-environment jsdom
import { resolveMarkdownOptions } from '@inkstone/markdown';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DocumentEvent } from '../services/document-channel';
import { PreviewController, SEPARATE_TASK_MIN_LENGTH } from './preview-controller';

beforeAll(() => {
  // jsdom draws no frames: a frame is a task here.
  globalThis.requestAnimationFrame ??= (callback) =>
    setTimeout(() => callback(performance.now()), 0) as unknown as number;
});

const event = (version: number, text: string, changes: DocumentEvent['changes']) => ({
  version,
  length: text.length,
  getText: () => text,
  changes,
});

describe('PreviewController', () => {
  it('shows a big paste and the keystrokes right after it in order', async () => {
    const content = document.createElement('div');
    document.body.append(content);
    const rendered: { version: number; complete: boolean }[] = [];
    const preview = new PreviewController(content, {
      onRendered: ({ version, complete }) => rendered.push({ version, complete }),
    });
    preview.setOptions(resolveMarkdownOptions(undefined, undefined));
    preview.take(event(1, 'Start.\n', null));
    const paragraphs = Array.from({ length: 1000 }, (_, i) => `Pasted paragraph ${i}.`);
    const pasted = `\n${paragraphs.join('\n\n')}\n`;
    expect(pasted.length).toBeGreaterThan(SEPARATE_TASK_MIN_LENGTH);
    // The paste, then two keystrokes in the same task: at the start, then at the very end.
    let text = `Start.\n${pasted}`;
    preview.take(event(2, text, [{ from: 7, to: 7, insert: pasted }]));
    text = `A ${text}`;
    preview.take(event(3, text, [{ from: 0, to: 0, insert: 'A ' }]));
    preview.take(
      event(4, `${text}\nEnd.\n`, [{ from: text.length, to: text.length, insert: '\nEnd.\n' }]),
    );
    for (let i = 0; i < 2000 && !rendered.some((r) => r.version === 4 && r.complete); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const shown = [...content.querySelectorAll('p')].map((p) => p.textContent);
    expect(shown).toEqual(['A Start.', ...paragraphs, 'End.']);
    preview.destroy();
  }, 30_000);
});
