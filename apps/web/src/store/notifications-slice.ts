import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The kinds of notification of spec interface §3: an error, an earned badge, a question
 * answered No or Yes, or information. */
export type NotificationType = 'error' | 'badge' | 'confirm' | 'info';

/** A message shown to the user. */
export interface Notification {
  id: number;
  type: NotificationType;
  content: string;
}

let nextId = 1;

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: [] as Notification[],
  reducers: {
    notified: {
      reducer: (state, action: PayloadAction<Notification>) => {
        // The same message twice in a row is shown once (a question is always asked: its
        // answer is awaited).
        const { type, content } = action.payload;
        if (type !== 'confirm' && state.some((n) => n.content === content)) return;
        state.push(action.payload);
      },
      prepare: (type: NotificationType, content: string) => ({
        payload: { id: (nextId += 1), type, content },
      }),
    },
    dismissed: (state, action: PayloadAction<number>) =>
      state.filter((notification) => notification.id !== action.payload),
  },
});

export const { notified, dismissed } = notificationsSlice.actions;
