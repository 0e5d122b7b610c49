import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CUSTOM_SETTINGS_TEMPLATE, defaultSettings, type UserSettings } from '@inkstone/core';

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
    /** The custom settings text and the settings read from it (`settingsOf` in
     * services/custom-settings.ts: a reducer cannot wait for the YAML parser to load). */
    customSettingsLoaded: (state, action: PayloadAction<SettingsState>) => {
      state.custom = action.payload.custom;
      state.settings = action.payload.settings;
    },
  },
});

export const { customSettingsLoaded } = settingsSlice.actions;
