'use client';

import { type FileItem } from '@inkstone/core';
import { useEffect, useState } from 'react';
import { runAction } from '../../services/run-action';
import { useAppDispatch } from '../../store';
import { useAppServices } from '../app-context';

/** The explorer's search mode (spec interface §2): Enter searches names and texts; up to 50
 * matching files are listed, and a click opens one. */
export function ExplorerSearch() {
  const { explorer, workspace } = useAppServices();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<
    { status: 'idle' } | { status: 'querying' } | { status: 'done'; results: FileItem[] }
  >({ status: 'idle' });
  useEffect(() => explorer.prepareSearch(), [explorer]);
  const search = async (query: string) => {
    if (query.trim() === '') return;
    setState({ status: 'querying' });
    try {
      setState({ status: 'done', results: await explorer.search(query) });
    } catch (error) {
      setState({ status: 'idle' });
      throw error;
    }
  };
  return (
    <div className="explorer__search">
      <input
        className="explorer__search-input"
        type="search"
        aria-label="Search files"
        placeholder="Please input keyword and Enter"
        autoFocus
        onKeyDown={(event) => {
          const query = event.currentTarget.value;
          if (event.key === 'Enter') runAction(dispatch, () => search(query));
        }}
      />
      <p className="explorer__tip">Return up to 50 matching files.</p>
      {state.status === 'querying' && <p role="status">Querying...</p>}
      {state.status === 'done' &&
        (state.results.length === 0 ? (
          <p role="status">No matching file.</p>
        ) : (
          <ul className="explorer__results" aria-label="Search results">
            {state.results.map((file) => (
              <li key={file.id}>
                <button
                  type="button"
                  className="explorer__result"
                  onClick={() => runAction(dispatch, () => workspace.openFile(file.id))}
                >
                  {file.name}
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
