'use client';

import { type EditorView } from '@codemirror/view';
import { useEffect, useState } from 'react';
import { COMMANDS, type CommandName } from '../editor/commands/registry';
import { useAppSelector } from '../store';
import { useAppServices } from './app-context';
import { ContextMenu } from './context-menu';

/**
 * The editor's menu of commands, from the same registry as the toolbar and the keys: Shift+F10
 * or the context-menu key opens it at the caret. (A right-click keeps the browser's own menu,
 * with its spelling suggestions and clipboard.)
 */
export function EditorContextMenu({ view }: { view: EditorView }) {
  const { modals } = useAppServices();
  const { editable, canUndo, canRedo, conflicts } = useAppSelector((state) => state.editor);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu')) return;
      event.preventDefault();
      const caret = view.coordsAtPos(view.state.selection.main.head);
      const box = view.contentDOM.getBoundingClientRect();
      setAt({ x: caret?.left ?? box.left, y: caret?.bottom ?? box.top });
    };
    view.contentDOM.addEventListener('keydown', onKey);
    return () => view.contentDOM.removeEventListener('keydown', onKey);
  }, [view]);

  if (!at) return null;
  const possible: Partial<Record<CommandName, boolean>> = {
    undo: canUndo,
    redo: canRedo,
    resolveConflicts: conflicts > 0,
  };
  const close = () => {
    setAt(null);
    view.focus();
  };
  return (
    <ContextMenu
      label="Editor actions"
      x={at.x}
      y={at.y}
      onClose={close}
      entries={COMMANDS.flatMap((command) => {
        const entry = {
          name: command.label,
          disabled: !editable || possible[command.name] === false,
          perform: () => {
            command.run({ view, modals });
            view.focus();
          },
        };
        if (command.name === 'redo') return [entry, { type: 'separator' as const }];
        if (command.name === 'resolveConflicts') return [{ type: 'separator' as const }, entry];
        return [entry];
      })}
    />
  );
}
