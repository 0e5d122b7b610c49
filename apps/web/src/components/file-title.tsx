'use client';

import { useState } from 'react';
import { runAction } from '../services/run-action';
import { useAppDispatch, useAppSelector } from '../store';
import { useAppServices } from './app-context';
import './file-title.css';
import { earnBadge } from '../badges/badges';

/** The editable title of the current file (spec interface §2): edited on focus, submitted on
 * Enter or blur, reverted on Escape; an empty name keeps the old one. A rename as the explorer's:
 * the stripName and pathConflict questions (spec core §5) ask first. */
export function FileTitle() {
  const { explorer } = useAppServices();
  const dispatch = useAppDispatch();
  const file = useAppSelector((state) =>
    state.workspace.currentFileId
      ? state.workspace.files[state.workspace.currentFileId]
      : undefined,
  );
  const [draft, setDraft] = useState<string | null>(null);
  const name = file?.name ?? '';

  const submit = () => {
    if (draft === null || !file) return;
    const trimmed = draft.trim();
    setDraft(null);
    if (trimmed && trimmed !== name) {
      runAction(dispatch, () => explorer.rename(file.id, trimmed));
      earnBadge('editCurrentFileName');
    }
  };

  return (
    <input
      className="file-title"
      aria-label="File title"
      value={draft ?? name}
      size={Math.max(8, Math.min(60, (draft ?? name).length + 1))}
      onFocus={(event) => {
        setDraft(name);
        event.currentTarget.select();
      }}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={submit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          setDraft(null);
          // Blurring after the revert submits nothing.
          requestAnimationFrame(() => (event.target as HTMLInputElement).blur());
        }
      }}
    />
  );
}
