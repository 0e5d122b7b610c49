import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the toolbar needs to know of the editor: whether its text can be changed, and whether
 * there is anything to undo or redo. */
export interface EditorStatus {
  editable: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

/** The editor's status, and how many conflict blocks its text holds (counted a moment after
 * the text changes). */
export interface EditorInfo extends EditorStatus {
  conflicts: number;
}

const initialState: EditorInfo = { editable: false, canUndo: false, canRedo: false, conflicts: 0 };

export const editorSlice = createSlice({
  name: 'editor',
  initialState,
  reducers: {
    editorStatusChanged: (state, action: PayloadAction<EditorStatus>) => ({
      ...state,
      ...action.payload,
    }),
    conflictsCounted: (state, action: PayloadAction<number>) => {
      state.conflicts = action.payload;
    },
  },
});

export const { editorStatusChanged, conflictsCounted } = editorSlice.actions;
