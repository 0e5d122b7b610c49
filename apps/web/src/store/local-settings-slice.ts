import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultLocalSettings, type LocalSettings } from '../services/local-settings';

/** The local settings of the open workspace (see `services/local-settings.ts`). */
export const localSettingsSlice = createSlice({
  name: 'localSettings',
  initialState: { ...defaultLocalSettings } as LocalSettings,
  reducers: {
    localSettingsLoaded: (_state, action: PayloadAction<LocalSettings>) => action.payload,
  },
});

export const { localSettingsLoaded } = localSettingsSlice.actions;
