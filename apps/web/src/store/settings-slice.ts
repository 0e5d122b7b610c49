import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  CUSTOM_SETTINGS_TEMPLATE,
  defaultSettings,
  readSettings,
  type UserSettings,
} from '@inkstone/core';

/** The user's settings: the custom YAML text as written, and the settings it gives. */
export interface SettingsState {
  custom: string;
  settings: UserSettings;
}

const initialState: SettingsState = {
  custom: CUSTOM_SETTINGS_TEMPLATE,
  settings: defaultSettings(),
};

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    customSettingsLoaded: (state, action: PayloadAction<string>) => {
      state.custom = action.payload;
      state.settings = readSettings(action.payload).settings;
    },
  },
});

export const { customSettingsLoaded } = settingsSlice.actions;
