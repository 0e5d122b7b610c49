import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type StoragePersistence } from '../services/persistent-storage';

/** Whether the browser keeps this site's storage, and whether the user dismissed the warning. */
export interface StorageState {
  persistence: StoragePersistence | 'unknown';
  warningDismissed: boolean;
}

export const storageSlice = createSlice({
  name: 'storage',
  initialState: { persistence: 'unknown', warningDismissed: false } as StorageState,
  reducers: {
    persistenceChecked: (
      state,
      action: PayloadAction<{ persistence: StoragePersistence; warningDismissed: boolean }>,
    ) => {
      state.persistence = action.payload.persistence;
      state.warningDismissed = action.payload.warningDismissed;
    },
    storageWarningDismissed: (state) => {
      state.warningDismissed = true;
    },
  },
});

export const { persistenceChecked, storageWarningDismissed } = storageSlice.actions;
