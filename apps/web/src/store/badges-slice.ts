import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type BadgeCreations } from '@inkstone/core';

/** The open workspace's earned badges (the `badgeCreations` data item, spec core §3). */
export interface BadgesState {
  creations: BadgeCreations;
}

export const badgesSlice = createSlice({
  name: 'badges',
  initialState: { creations: {} } as BadgesState,
  reducers: {
    badgesLoaded: (state, action: PayloadAction<BadgeCreations>) => {
      state.creations = action.payload;
    },
  },
});

export const { badgesLoaded } = badgesSlice.actions;
