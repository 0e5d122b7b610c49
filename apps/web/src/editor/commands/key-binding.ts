import { keyLetter, type LetterKeyEvent } from '../../services/key-letter';

/** The keys of a key event that `bindingMatches` reads. */
export interface BindingKeyEvent extends LetterKeyEvent {
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * Whether the CodeMirror key name `binding` (`Mod-s`, `Ctrl-Shift-s`, `Mod-S`) names a letter
 * key event as CodeMirror's keymap runs it: the same modifiers (`Mod` is ⌘ on a Mac, else
 * Ctrl), Shift written out before a lower-case letter or meant by a capital one (`Shift-S`
 * matches nothing there), and the letter as `keyLetter` reads it. Bindings of other keys
 * (digits, punctuation, named keys) are false.
 */
export function bindingMatches(binding: string, event: BindingKeyEvent, mac: boolean): boolean {
  const parts = binding.split(/-(?!$)/);
  const key = parts.pop() ?? '';
  const wanted = { ctrl: false, meta: false, alt: false, shift: false };
  for (const part of parts) {
    if (/^(cmd|meta|m)$/i.test(part)) wanted.meta = true;
    else if (/^a(lt)?$/i.test(part)) wanted.alt = true;
    else if (/^(c|ctrl|control)$/i.test(part)) wanted.ctrl = true;
    else if (/^s(hift)?$/i.test(part)) wanted.shift = true;
    else if (/^mod$/i.test(part)) wanted[mac ? 'meta' : 'ctrl'] = true;
    else return false;
  }
  if (!/^[a-z]$/i.test(key)) return false;
  const capital = key !== key.toLowerCase();
  if (capital && wanted.shift) return false;
  return (
    keyLetter(event) === key.toLowerCase() &&
    event.ctrlKey === wanted.ctrl &&
    event.metaKey === wanted.meta &&
    event.altKey === wanted.alt &&
    event.shiftKey === (wanted.shift || capital)
  );
}
