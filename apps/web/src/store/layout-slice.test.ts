import { defaultLayoutSettings } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { layoutSlice, panelToggled } from './layout-slice';

describe('explorer and side bar toggles', () => {
  const reduce = layoutSlice.reducer;
  const both = { ...defaultLayoutSettings, showExplorer: false, showSideBar: true };

  it('opening one on a narrow screen closes the other', () => {
    const state = reduce(both, panelToggled({ panel: 'showExplorer', narrow: true }));
    expect(state).toMatchObject({ showExplorer: true, showSideBar: false });
    const back = reduce(state, panelToggled({ panel: 'showSideBar', narrow: true }));
    expect(back).toMatchObject({ showExplorer: false, showSideBar: true });
  });

  it('both stay open on a wide screen, and closing one leaves the other', () => {
    const state = reduce(both, panelToggled({ panel: 'showExplorer', narrow: false }));
    expect(state).toMatchObject({ showExplorer: true, showSideBar: true });
    const closed = reduce(state, panelToggled({ panel: 'showExplorer', narrow: true }));
    expect(closed).toMatchObject({ showExplorer: false, showSideBar: true });
  });
});
