'use client';

import { useEffect, useMemo } from 'react';
import { bindingMatches } from '../editor/commands/key-binding';
import { resolveShortcuts } from '../editor/commands/shortcuts';
import { runAction } from '../services/run-action';
import { EDITING_DIALOGS, isSaveKey, saveNow } from '../services/save-now';
import { useAppDispatch, useAppSelector } from '../store';
import { useAppServices } from './app-context';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Ctrl/Cmd+S anywhere in the app, the editor focused or not, a dialog open or not: the browser
 * never gets it (no "Save page" dialog); the text is stored at once and, in a synced workspace,
 * a sync is asked for (services/save-now.ts). Held down, it saves once. A dialog's Ok is never
 * pressed by it: with Settings, File properties or Templates open, it says that their edits wait
 * for Ok. A command the user bound to the key (the `shortcuts` setting) runs instead in the
 * editor, where the command keys apply. */
export function useSaveShortcut(): void {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const shortcuts = useAppSelector((state) => state.settings.settings.shortcuts);
  const bindings = useMemo(() => Object.values(resolveShortcuts(shortcuts)).flat(), [shortcuts]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveKey(event)) return;
      // The user's own binding wins where it applies: CodeMirror's keymap runs the command and
      // keeps the key from the browser.
      const inEditor =
        event.target instanceof Node &&
        services.editor.current?.view.contentDOM.contains(event.target) === true;
      const mac = isMac();
      if (inEditor && bindings.some((binding) => bindingMatches(binding, event, mac))) return;
      // (In the capture phase at the window: before any element's own handling of the key.)
      event.preventDefault();
      if (event.repeat) return;
      const top = services.modals.top;
      const dialog = top && EDITING_DIALOGS[top.type];
      // (A failed save is reported by the editor; anything else escaping is shown too.)
      runAction(dispatch, () => saveNow(services, dialog));
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [services, dispatch, bindings]);
}
