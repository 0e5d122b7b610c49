import { type KeyBinding } from '@codemirror/view';
import { type ModalStack } from '../../services/modals';
import { COMMANDS, type CommandName } from './registry';

/** The keys of every command: its own, or those the `shortcuts` setting gives it. */
export type CommandKeys = Record<CommandName, readonly string[]>;

/**
 * The keys of every command from the `shortcuts` setting (command name → CodeMirror key name,
 * or a list of them): a user entry replaces the command's default keys, an empty one (`''`,
 * nothing, `[]`) leaves it without. Names of no command and values of another type are
 * ignored.
 */
export function resolveShortcuts(custom: Readonly<Record<string, unknown>>): CommandKeys {
  const keys = {} as Record<CommandName, readonly string[]>;
  for (const command of COMMANDS) {
    const own = Object.hasOwn(custom, command.name) ? readKeys(custom[command.name]) : undefined;
    keys[command.name] = own ?? command.keys;
  }
  return keys;
}

function readKeys(value: unknown): readonly string[] | undefined {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value) && value.every((key) => typeof key === 'string')) {
    return value.map((key) => key.trim()).filter(Boolean);
  }
  return undefined;
}

/** The CodeMirror key bindings of the commands. Each runs with the editor it is pressed in. */
export function commandKeymap(
  keys: CommandKeys,
  modals: Pick<ModalStack, 'open'>,
): readonly KeyBinding[] {
  return COMMANDS.flatMap((command) =>
    keys[command.name].map((key) => ({
      key,
      run: (view) => command.run({ view, modals }),
      preventDefault: true,
    })),
  );
}

/** A key as a person reads it: `Mod-Shift-z` → `Ctrl+Shift+Z` (`⌘+Shift+Z` on a Mac). */
export function keyLabel(key: string, mac = false): string {
  return key
    .split('-')
    .map((part, index, parts) => {
      if (part === '' && index === parts.length - 1) return '-';
      if (part === 'Mod') return mac ? '⌘' : 'Ctrl';
      if (part === 'Meta' || part === 'Cmd') return mac ? '⌘' : 'Meta';
      return part.length === 1 ? part.toUpperCase() : part;
    })
    .filter((part, index, parts) => part !== '' || index === parts.length - 1)
    .join('+');
}
