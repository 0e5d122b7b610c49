import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultLayoutSettings, type LayoutSettings } from '@inkstone/core';

/** Layout toggles that the button bar and navigation bar flip. */
export type LayoutToggle = {
  [K in keyof LayoutSettings]: LayoutSettings[K] extends boolean ? K : never;
}[keyof LayoutSettings];

export const layoutSlice = createSlice({
  name: 'layout',
  initialState: { ...defaultLayoutSettings } as LayoutSettings,
  reducers: {
    layoutLoaded: (_state, action: PayloadAction<LayoutSettings>) => action.payload,
    layoutToggled: (state, action: PayloadAction<LayoutToggle>) => {
      state[action.payload] = !state[action.payload];
    },
    sideBarPanelChosen: (state, action: PayloadAction<string>) => {
      state.sideBarPanel = action.payload;
      state.showSideBar = true;
    },
  },
});

export const { layoutLoaded, layoutToggled, sideBarPanelChosen } = layoutSlice.actions;
