import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Embedded mode (spec core §2 "light mode"): the embedding page's origin, or null. */
export interface EmbedState {
  origin: string | null;
}

export const embedSlice = createSlice({
  name: 'embed',
  initialState: { origin: null } as EmbedState,
  reducers: {
    embedStarted: (state, action: PayloadAction<string>) => {
      state.origin = action.payload;
    },
  },
});

export const { embedStarted } = embedSlice.actions;

/** Whether the app runs in light (embedded) mode. */
export const isLight = (state: { embed: EmbedState }): boolean => state.embed.origin !== null;
