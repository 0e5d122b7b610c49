import { describe, expect, it } from 'vitest';
import { createStore } from '.';
import { isSponsor, serverConfLoaded } from './server-slice';

describe('who counts as a sponsor (spec core §5)', () => {
  it('is everyone while the server sells no sponsorships or is unknown, nobody signed-out otherwise', () => {
    const store = createStore();
    expect(isSponsor(store.getState().server)).toBe(true);
    store.dispatch(serverConfLoaded({ allowSponsorship: false }));
    expect(isSponsor(store.getState().server)).toBe(true);
    store.dispatch(serverConfLoaded({ allowSponsorship: true }));
    expect(isSponsor(store.getState().server)).toBe(false);
  });
});
