'use client';

import { type ReactNode, useState } from 'react';
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

/** The explorer's or the side bar's toggle: shows or hides it (closing the other on a narrow
 * screen), and earns its badge. */
function PanelToggle(props: {
  panel: 'showExplorer' | 'showSideBar';
  label: string;
  title: string;
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const shown = useAppSelector((state) => state.layout[props.panel]);
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={props.label}
      aria-pressed={shown}
      title={props.title}
      onClick={() => {
        dispatch(panelToggled({ panel: props.panel, narrow: isNarrowScreen() }));
        earnBadge(props.panel === 'showExplorer' ? 'toggleExplorer' : 'toggleSideBar');
      }}
    >
      {props.children}
    </button>
  );
}

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
          // (Before the file is open there is no page to tell yet: the button stays.)
          if (!embedSession.messenger) return;
          embedSession.messenger.close();
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
  const { modals } = useAppServices();
  const light = useAppSelector(isLight);
  return (
    <header className="navigation-bar">
      {light && <EmbedButtons />}
      {!light && (
        <PanelToggle panel="showExplorer" label="Toggle explorer" title="Explorer">
          <Icon name="explorer" />
        </PanelToggle>
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
          <PanelToggle panel="showSideBar" label="Toggle side bar" title="Side bar">
            ☰
          </PanelToggle>
        )}
      </div>
    </header>
  );
}
