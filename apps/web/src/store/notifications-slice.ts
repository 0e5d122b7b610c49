import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A message shown to the user (spec interface §3: error, info…). */
export interface Notification {
  id: number;
  type: 'error' | 'info';
  content: string;
}

let nextId = 1;

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: [] as Notification[],
  reducers: {
    notified: {
      reducer: (state, action: PayloadAction<Notification>) => {
        // The same message twice in a row is shown once.
        if (state.some((n) => n.content === action.payload.content)) return;
        state.push(action.payload);
      },
      prepare: (type: Notification['type'], content: string) => ({
        payload: { id: (nextId += 1), type, content },
      }),
    },
    dismissed: (state, action: PayloadAction<number>) =>
      state.filter((notification) => notification.id !== action.payload),
  },
});

export const { notified, dismissed } = notificationsSlice.actions;
