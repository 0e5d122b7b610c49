import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the toolbar needs to know of the editor: whether its text can be changed, and whether
 * there is anything to undo or redo. */
export interface EditorStatus {
  editable: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

const initialState: EditorStatus = { editable: false, canUndo: false, canRedo: false };

export const editorSlice = createSlice({
  name: 'editor',
  initialState,
  reducers: {
    editorStatusChanged: (_state, action: PayloadAction<EditorStatus>) => action.payload,
  },
});

export const { editorStatusChanged } = editorSlice.actions;
