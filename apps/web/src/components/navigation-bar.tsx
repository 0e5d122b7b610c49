'use client';

import { useState } from 'react';
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
import { isLight } from '../store/embed-slice';
import { embedSession } from '../embed/embed-messages';
import './navigation-bar.css';
import { earnBadge } from '../badges/badges';

/** Embedded mode's Close and Open (spec interface §4): Close tells the embedding page, which
 * removes the editor; Open shows the file in the full app, in a new tab. */
function EmbedButtons() {
  const [closed, setClosed] = useState(false);
  return (
    <div className="navigation-bar__embed">
      <button
        type="button"
        className="button"
        disabled={closed}
        onClick={() => {
          embedSession.messenger?.close();
          setClosed(true);
        }}
      >
        Close
      </button>
      <button
        type="button"
        className="button"
        onClick={() => window.open(new URL('./', window.location.href).href, '_blank', 'noopener')}
      >
        Open
      </button>
    </div>
  );
}

/** The navigation bar (spec interface §2): the file title, undo, redo and the formatting
 * buttons, the sync button with the queue's spinner, the publish button, the theme switch, and the side bar toggle.
 * and the publish button. */
export function NavigationBar() {
  const dispatch = useAppDispatch();
  const { modals } = useAppServices();
  const showSideBar = useAppSelector((state) => state.layout.showSideBar);
  const showExplorer = useAppSelector((state) => state.layout.showExplorer);
  const light = useAppSelector(isLight);
  return (
    <header className="navigation-bar">
      {light && <EmbedButtons />}
      {!light && (
        <button
          type="button"
          className="icon-button"
          aria-label="Toggle explorer"
          aria-pressed={showExplorer}
          title="Explorer"
          onClick={() => {
            dispatch(panelToggled({ panel: 'showExplorer', narrow: isNarrowScreen() }));
            earnBadge('toggleExplorer');
          }}
        >
          <Icon name="explorer" />
        </button>
      )}
      <div className="navigation-bar__brand" aria-hidden="true">
        ✒ Inkstone
      </div>
      <FileTitle />
      <FormattingToolbar />
      <div className="navigation-bar__actions">
        {!light && <SyncButton />}
        {!light && <PublishButton />}
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
        {!light && (
          <button
            type="button"
            className="icon-button"
            aria-label="Toggle side bar"
            aria-pressed={showSideBar}
            title="Side bar"
            onClick={() => {
              dispatch(panelToggled({ panel: 'showSideBar', narrow: isNarrowScreen() }));
              earnBadge('toggleSideBar');
            }}
          >
            ☰
          </button>
        )}
      </div>
    </header>
  );
}
