import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ThemeKind } from '../themes/catalogue';
import {
  chosenKey,
  customKey,
  DEFAULT_THEME_SETTINGS,
  type ThemeSettings,
} from '../themes/theme-settings';

/** The chosen editor and preview themes and the custom styles (docs/concepts/themes.md). */
export const themesSlice = createSlice({
  name: 'themes',
  initialState: { ...DEFAULT_THEME_SETTINGS } as ThemeSettings,
  reducers: {
    themesLoaded: (_state, action: PayloadAction<ThemeSettings>) => action.payload,
    themeChosen: (state, action: PayloadAction<{ kind: ThemeKind; id: string }>) => {
      state[chosenKey(action.payload.kind)] = action.payload.id;
    },
    customThemeStyleSaved: (state, action: PayloadAction<{ kind: ThemeKind; style: string }>) => {
      state[customKey(action.payload.kind)] = action.payload.style;
    },
  },
});

export const { themesLoaded, themeChosen, customThemeStyleSaved } = themesSlice.actions;
