'use client';

import { useEffect } from 'react';
import { runAction } from '../services/run-action';
import { isSaveKey, saveNow } from '../services/save-now';
import { useAppDispatch } from '../store';
import { useAppServices } from './app-context';

/** Ctrl/Cmd+S anywhere in the app, the editor focused or not, a dialog open or not: the browser
 * never gets it (no "Save page" dialog); the text is stored at once and, in a synced workspace,
 * a sync is asked for (services/save-now.ts). Held down, it saves once. */
export function useSaveShortcut(): void {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveKey(event)) return;
      // (In the capture phase at the window: before any element's own handling of the key.)
      event.preventDefault();
      if (event.repeat) return;
      // (A failed save is reported by the editor; anything else escaping is shown too.)
      runAction(dispatch, () => saveNow(services));
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [services, dispatch]);
}
