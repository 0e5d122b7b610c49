/** The keys of a key event that `keyLetter` reads. */
export interface LetterKeyEvent {
  key: string;
  code: string;
}

const LATIN = /^[a-z]$/i;
const OTHER_LETTER = /^\p{L}$/u;
const LETTER_CODE = /^Key([A-Z])$/;

/**
 * The Latin letter, in lower case, that a key event stands for in a shortcut such as Ctrl+S:
 * its `key` when that is an ASCII letter (whatever the key's place: AZERTY, Dvorak); when it is
 * a letter of another script (a Russian or Greek layout, where Ctrl+S gives 'ы' or 'σ'), the
 * letter of its physical key (`code` 'KeyS'), as the browser's own shortcuts and CodeMirror's
 * keymap read it. Undefined for any other key (digits, punctuation, named keys).
 */
export function keyLetter(event: LetterKeyEvent): string | undefined {
  if (LATIN.test(event.key)) return event.key.toLowerCase();
  if (!OTHER_LETTER.test(event.key)) return undefined;
  return LETTER_CODE.exec(event.code)?.[1]?.toLowerCase();
}
