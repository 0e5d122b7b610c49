import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the interface shows of sync (spec interface §2): where the workspace syncs to, whether
 * a sync is requested, whether the task queue is busy, whether the app is offline, and how the
 * last sync ended. */
export interface SyncUiState {
  /** What the workspace syncs with (a CouchDB database URL), or null when it is kept only here. */
  target: string | null;
  /** A sync is requested and not finished (the button waits meanwhile). */
  requested: boolean;
  /** The task queue runs or holds a task (the spinner). */
  busy: boolean;
  offline: boolean;
  /** When the last sync ended well (ms since the epoch). */
  lastSyncedAt: number | null;
  /** The error of the last sync, cleared by the next one that ends well. */
  lastError: string | null;
  /** How many sync locations of its own (GitHub files, gists) the current file has: they sync
   * with each sync, so a workspace kept only here syncs when there are some. */
  fileLocations: number;
}

const initialState: SyncUiState = {
  target: null,
  requested: false,
  busy: false,
  offline: false,
  lastSyncedAt: null,
  lastError: null,
  fileLocations: 0,
};

export const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    syncTargetSet: (state, action: PayloadAction<string | null>) => {
      state.target = action.payload;
    },
    syncRequestChanged: (state, action: PayloadAction<boolean>) => {
      state.requested = action.payload;
    },
    queueBusyChanged: (state, action: PayloadAction<boolean>) => {
      state.busy = action.payload;
    },
    offlineChanged: (state, action: PayloadAction<boolean>) => {
      state.offline = action.payload;
    },
    syncSucceeded: (state, action: PayloadAction<number>) => {
      state.lastSyncedAt = action.payload;
      state.lastError = null;
    },
    syncFailed: (state, action: PayloadAction<string>) => {
      state.lastError = action.payload;
    },
    fileLocationsCounted: (state, action: PayloadAction<number>) => {
      state.fileLocations = action.payload;
    },
  },
});

export const {
  syncTargetSet,
  syncRequestChanged,
  queueBusyChanged,
  offlineChanged,
  syncSucceeded,
  syncFailed,
  fileLocationsCounted,
} = syncSlice.actions;

/** Why the sync button is disabled (spec interface §2: no sync possible, a sync already
 * requested, or offline), or null when it can be pressed. */
export function syncButtonBlocker(state: SyncUiState): string | null {
  if (state.target === null && state.fileLocations === 0) {
    return 'This workspace is kept only in this browser.';
  }
  if (state.offline) return 'You are offline.';
  if (state.requested) return 'A synchronization is under way.';
  return null;
}
