'use client';

import { useAppDispatch } from '../store';
import { layoutToggled } from '../store/layout-slice';
import { TocPanel } from './toc-panel';

/** The side bar (spec interface §2). Its table-of-contents panel is the first; the menu and the
 * other panels come in later issues. */
export function SideBar() {
  const dispatch = useAppDispatch();
  return (
    <aside className="side-bar" aria-label="Side bar">
      <div className="side-bar__header">
        <div role="tablist" aria-label="Side bar panels">
          <button type="button" role="tab" aria-selected="true" className="side-bar__tab">
            Table of contents
          </button>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label="Close side bar"
          onClick={() => dispatch(layoutToggled('showSideBar'))}
        >
          ×
        </button>
      </div>
      <TocPanel />
    </aside>
  );
}
