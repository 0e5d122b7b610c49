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
    /** The welcome tour was finished or skipped: it does not show again. */
    welcomeTourFinished: (state) => {
      state.welcomeTourFinished = true;
    },
    sideBarPanelChosen: (state, action: PayloadAction<string>) => {
      state.sideBarPanel = action.payload;
      state.showSideBar = true;
    },
    /** Shows or hides the explorer or the side bar. On a narrow screen (`narrow`, below
     * NARROW_SCREEN_WIDTH) the two are never both open: opening one closes the other. */
    panelToggled: (
      state,
      action: PayloadAction<{ panel: 'showExplorer' | 'showSideBar'; narrow: boolean }>,
    ) => {
      const { panel, narrow } = action.payload;
      state[panel] = !state[panel];
      if (state[panel] && narrow) {
        state[panel === 'showExplorer' ? 'showSideBar' : 'showExplorer'] = false;
      }
    },
  },
});

/** Below this window width (px) the explorer and the side bar are never both open (our choice;
 * 1000 px leaves the editor its 320 px minimum beside a 260 px explorer and a 280 px side bar
 * only on wider screens). */
export const NARROW_SCREEN_WIDTH = 1000;

/** Whether the window is narrow (see NARROW_SCREEN_WIDTH). */
export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < NARROW_SCREEN_WIDTH;
}

export const {
  layoutLoaded,
  layoutToggled,
  panelToggled,
  sideBarPanelChosen,
  welcomeTourFinished,
} = layoutSlice.actions;
