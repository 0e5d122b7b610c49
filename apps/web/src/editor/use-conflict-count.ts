import { useEffect } from 'react';
import { findConflictBlocks, mayHaveConflicts } from '@inkstone/core';
import { type DocumentChannel } from '../services/document-channel';
import { useAppDispatch } from '../store';
import { conflictsCounted } from '../store/editor-slice';

/** How long after the last change the text is searched for conflict blocks (ms). */
const CONFLICT_COUNT_DELAY = 300;

/**
 * Keeps the store's count of the conflict blocks in the editor's text: at once when a file is
 * opened, else a moment after typing stops. A text with no start marker (a quick `includes`)
 * is not read line by line, so a 250,000-character text costs next to nothing.
 */
export function useConflictCount(channel: DocumentChannel): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: number | undefined;
    let last = -1;
    const count = (text: string) => {
      const conflicts = mayHaveConflicts(text) ? findConflictBlocks(text).length : 0;
      if (conflicts !== last) dispatch(conflictsCounted(conflicts));
      last = conflicts;
    };
    const unsubscribe = channel.subscribe((event) => {
      window.clearTimeout(timer);
      if (event.changes === null) count(event.getText());
      else timer = window.setTimeout(() => count(event.getText()), CONFLICT_COUNT_DELAY);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [channel, dispatch]);
}
