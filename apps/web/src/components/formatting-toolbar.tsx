'use client';

import { useMemo } from 'react';
import { COMMAND_ICONS } from '../editor/commands/command-icons';
import { COMMANDS, type CommandName } from '../editor/commands/registry';
import { keyLabel, resolveShortcuts } from '../editor/commands/shortcuts';
import { useAppSelector } from '../store';
import { useAppServices } from './app-context';
import { Icon } from './icon';
import './formatting-toolbar.css';
import { earnBadge } from '../badges/badges';

// The commands with a button: all but those of the editor's menu only.
const TOOLBAR_COMMANDS = COMMANDS.filter((command) => !('menuOnly' in command && command.menuOnly));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The navigation bar's undo, redo and formatting buttons (spec interface §2), one per command
 * of the registry, each titled with its first key. All are disabled while the text cannot be
 * changed; undo and redo also when there is nothing to undo or redo. */
export function FormattingToolbar() {
  const { editor, modals } = useAppServices();
  const { editable, canUndo, canRedo } = useAppSelector((state) => state.editor);
  const shortcuts = useAppSelector((state) => state.settings.settings.shortcuts);
  const keys = useMemo(() => resolveShortcuts(shortcuts), [shortcuts]);
  const possible: Partial<Record<CommandName, boolean>> = { undo: canUndo, redo: canRedo };

  return (
    <div className="formatting-toolbar" role="toolbar" aria-label="Formatting">
      {TOOLBAR_COMMANDS.map((command) => {
        const key = keys[command.name][0];
        return (
          <button
            key={command.name}
            type="button"
            className={`icon-button formatting-toolbar__${command.name}`}
            aria-label={command.label}
            title={key ? `${command.label} (${keyLabel(key, isMac())})` : command.label}
            disabled={!editable || possible[command.name] === false}
            // The editor keeps its focus and selection while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              const view = editor.current?.view;
              if (!view) return;
              command.run({ view, modals });
              if (command.name !== 'undo' && command.name !== 'redo') earnBadge('formatButtons');
              if (command.name === 'undo' || command.name === 'redo') view.focus();
            }}
          >
            <Icon path={COMMAND_ICONS[command.name]} />
          </button>
        );
      })}
    </div>
  );
}
