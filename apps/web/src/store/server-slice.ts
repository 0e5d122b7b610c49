import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the app knows of its server's configuration (`GET /conf`, spec core §7): for now, whether
 * the server sells sponsorships. Null until read, or when the server could not be read. */
export interface ServerState {
  allowSponsorship: boolean | null;
}

export const serverSlice = createSlice({
  name: 'server',
  initialState: { allowSponsorship: null } as ServerState,
  reducers: {
    serverConfLoaded: (state, action: PayloadAction<{ allowSponsorship: boolean }>) => {
      state.allowSponsorship = action.payload.allowSponsorship;
    },
  },
});

export const { serverConfLoaded } = serverSlice.actions;

/** Whether the user counts as a sponsor (spec core §5): everyone does when the server does not
 * sell sponsorships (or its configuration is unknown); otherwise only a signed-in sponsor, and
 * signing in does not exist yet, so nobody does. */
export function isSponsor(state: ServerState): boolean {
  return state.allowSponsorship !== true;
}

/** The banner of the sponsor-only export dialogs (spec interface §6 and §9: it suggests $1.99). */
export const SPONSOR_BANNER =
  'PDF and pandoc exports are for sponsors of this server: sponsor Inkstone from $1.99 for 3 months.';
