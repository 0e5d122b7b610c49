import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ConfirmationType } from '../services/confirm';

/** Dialogs that exist so far, by the spec's modal names. */
export type ModalType = 'fileProperties' | 'settings';

/** An open confirmation dialog (see `Confirmer`). */
export interface OpenConfirmation {
  id: number;
  type: ConfirmationType;
  /** What it is about (a file or folder name), or ''. */
  subject: string;
}

/** Interface state not worth keeping: which dialog is open. */
export interface UiState {
  modal: ModalType | null;
  confirmation: OpenConfirmation | null;
}

export const uiSlice = createSlice({
  name: 'ui',
  initialState: { modal: null, confirmation: null } as UiState,
  reducers: {
    modalOpened: (state, action: PayloadAction<ModalType>) => {
      state.modal = action.payload;
    },
    modalClosed: (state) => {
      state.modal = null;
    },
    confirmationOpened: (state, action: PayloadAction<OpenConfirmation>) => {
      state.confirmation = action.payload;
    },
    confirmationClosed: (state, action: PayloadAction<number>) => {
      if (state.confirmation?.id === action.payload) state.confirmation = null;
    },
  },
});

export const { modalOpened, modalClosed, confirmationOpened, confirmationClosed } = uiSlice.actions;
