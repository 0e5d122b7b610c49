import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type Statistic } from '@inkstone/core';

/** A heading of the current document, for the table of contents. */
export interface TocEntry {
  level: number;
  text: string;
  id: string;
}

/** What the panels show about the current document: its headings and statistics. */
export interface PreviewState {
  toc: TocEntry[];
  textStats: Statistic[];
  previewStats: Statistic[];
}

const initialState: PreviewState = { toc: [], textStats: [], previewStats: [] };

export const previewSlice = createSlice({
  name: 'preview',
  initialState,
  reducers: {
    tocChanged: (state, action: PayloadAction<TocEntry[]>) => {
      state.toc = action.payload;
    },
    textStatsChanged: (state, action: PayloadAction<Statistic[]>) => {
      state.textStats = action.payload;
    },
    previewStatsChanged: (state, action: PayloadAction<Statistic[]>) => {
      state.previewStats = action.payload;
    },
  },
});

export const { tocChanged, textStatsChanged, previewStatsChanged } = previewSlice.actions;
