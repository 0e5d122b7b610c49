import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { BUILT_IN_TEMPLATES } from '../templates/built-in-templates';
import { type Templates } from '../templates/templates';

/** The export templates of the open workspace: the built-in ones and the user's. */
export const templatesSlice = createSlice({
  name: 'templates',
  initialState: { ...BUILT_IN_TEMPLATES } as Templates,
  reducers: {
    templatesLoaded: (_state, action: PayloadAction<Templates>) => action.payload,
  },
});

export const { templatesLoaded } = templatesSlice.actions;
