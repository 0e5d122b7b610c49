'use client';

import { useAppDispatch, useAppSelector } from '../store';
import { isNarrowScreen, panelToggled } from '../store/layout-slice';
import { ignore } from '../services/modals';
import { useAppServices } from './app-context';
import { DarkThemeButton } from './dark-theme-button';
import { FileTitle } from './file-title';
import { FormattingToolbar } from './formatting-toolbar';
import { Icon } from './icon';
import { SyncButton } from './sync-button';
import { PublishButton } from './publish-button';
import './navigation-bar.css';

/** The navigation bar (spec interface §2): the file title, undo, redo and the formatting
 * buttons, the sync button with the queue's spinner, the publish button, the theme switch, and the side bar toggle.
 * and the publish button. */
export function NavigationBar() {
  const dispatch = useAppDispatch();
  const { modals } = useAppServices();
  const showSideBar = useAppSelector((state) => state.layout.showSideBar);
  const showExplorer = useAppSelector((state) => state.layout.showExplorer);
  return (
    <header className="navigation-bar">
      <button
        type="button"
        className="icon-button"
        aria-label="Toggle explorer"
        aria-pressed={showExplorer}
        title="Explorer"
        onClick={() => dispatch(panelToggled({ panel: 'showExplorer', narrow: isNarrowScreen() }))}
      >
        <Icon name="explorer" />
      </button>
      <div className="navigation-bar__brand" aria-hidden="true">
        ✒ Inkstone
      </div>
      <FileTitle />
      <FormattingToolbar />
      <div className="navigation-bar__actions">
        <SyncButton />
        <PublishButton />
        <DarkThemeButton />
        <button
          type="button"
          className="icon-button"
          aria-label="File properties"
          title="File properties"
          onClick={() => void modals.open('fileProperties').catch(ignore)}
        >
          <Icon name="properties" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Settings"
          title="Settings"
          onClick={() => void modals.open('settings').catch(ignore)}
        >
          ⚙
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Toggle side bar"
          aria-pressed={showSideBar}
          title="Side bar"
          onClick={() => dispatch(panelToggled({ panel: 'showSideBar', narrow: isNarrowScreen() }))}
        >
          ☰
        </button>
      </div>
    </header>
  );
}
