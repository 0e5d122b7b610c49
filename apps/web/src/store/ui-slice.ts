import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Dialogs that exist so far, by the spec's modal names. */
export type ModalType = 'fileProperties' | 'settings';

/** Interface state not worth keeping: which dialog is open. */
export interface UiState {
  modal: ModalType | null;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { modal: null } as UiState,
  reducers: {
    modalOpened: (state, action: PayloadAction<ModalType>) => {
      state.modal = action.payload;
    },
    modalClosed: (state) => {
      state.modal = null;
    },
  },
});

export const { modalOpened, modalClosed } = uiSlice.actions;
