'use client';

import { useAppSelector } from '../store';
import { syncButtonBlocker } from '../store/sync-slice';
import { useAppServices } from './app-context';
import { Icon } from './icon';
import './sync-button.css';
import { earnBadge } from '../badges/badges';

const SYNC_PATH =
  'M13.5 6.5A5.7 5.7 0 0 0 3 5 M2.5 2.5V5.5h3 M2.5 9.5A5.7 5.7 0 0 0 13 11 M13.5 13.5v-3h-3';
const OFFLINE_PATH =
  'M1.5 6a9.5 9.5 0 0 1 13 0 M4 8.7a6 6 0 0 1 8 0 M6.4 11.3a2.5 2.5 0 0 1 3.2 0 M2 2l12 12';

/** The navigation bar's sync button, named "Synchronize now" (spec interface §2): disabled when
 * no sync is possible, one is already requested, or the app is offline; beside it a spinner
 * while the task queue is busy, which an offline icon replaces when offline. */
export function SyncButton() {
  const { sync } = useAppServices();
  const state = useAppSelector((root) => root.sync);
  const blocker = syncButtonBlocker(state);
  return (
    <>
      {state.offline ? (
        <span className="sync-indicator sync-indicator--offline" role="img" aria-label="Offline">
          <Icon path={OFFLINE_PATH} />
        </span>
      ) : (
        state.busy && <span className="sync-indicator spinner" role="status" aria-label="Working" />
      )}
      <button
        type="button"
        className="icon-button"
        aria-label="Synchronize now"
        title={blocker ?? `Synchronize with ${state.target}`}
        disabled={blocker !== null}
        aria-busy={state.requested}
        onClick={() => {
          sync.requestNow();
          earnBadge('triggerSync');
        }}
      >
        <Icon path={SYNC_PATH} />
      </button>
    </>
  );
}
