import { keyLetter } from '../../services/key-letter';

/** Which way F3 and Ctrl/Cmd+G go through the matches. */
export type FindDirection = 'next' | 'previous';

/** The keys of a key event that `findStepKey` reads. */
export interface StepKeyEvent {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Which match a key asks for in the find bar, as in every editor people know: F3 and
 * Ctrl/Cmd+G the next one, with Shift the previous one; undefined for any other key. On a layout
 * of another script (Russian: 'п'), Ctrl+G is the key where G is (`keyLetter`). (The editor
 * binds the same keys in its keymap: extensions.ts.) */
export function findStepKey(event: StepKeyEvent): FindDirection | undefined {
  if (event.altKey) return undefined;
  const mod = event.ctrlKey || event.metaKey;
  const step = event.key === 'F3' ? !mod : mod && keyLetter(event) === 'g';
  if (!step) return undefined;
  return event.shiftKey ? 'previous' : 'next';
}
