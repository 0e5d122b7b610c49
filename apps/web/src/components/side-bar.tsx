'use client';

import { type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../store';
import { layoutToggled, sideBarPanelChosen } from '../store/layout-slice';
import { HelpPanel } from './help-panel';
import { HistoryPanel } from './history-panel';
import { ImportExportPanel } from './import-export-panel';
import { MenuPanel } from './menu-panel';
import { THEME_PANEL_TITLES, ThemePanel } from './theme-panel';
import { SyncPanel } from './sync-panel';
import { PublishPanel } from './publish-panel';
import { TocPanel } from './toc-panel';
import { WorkspaceBackupsPanel } from './workspace-backups-panel';
import { WorkspacesPanel } from './workspaces-panel';
import './side-bar.css';

/** The side bar panels built so far, by the spec's names (interface §2), with their titles. */
const PANELS: Record<string, { title: string; render: () => ReactNode }> = {
  menu: { title: 'Menu', render: () => <MenuPanel /> },
  workspaces: { title: 'Workspaces', render: () => <WorkspacesPanel /> },
  sync: { title: 'Synchronize', render: () => <SyncPanel /> },
  publish: { title: 'Publish', render: () => <PublishPanel /> },
  history: { title: 'History', render: () => <HistoryPanel /> },
  toc: { title: 'Table of contents', render: () => <TocPanel /> },
  help: { title: 'Markdown cheat sheet', render: () => <HelpPanel /> },
  importExport: { title: 'Import/export', render: () => <ImportExportPanel /> },
  workspaceBackups: { title: 'Workspace backups', render: () => <WorkspaceBackupsPanel /> },
  editTheme: { title: THEME_PANEL_TITLES.edit, render: () => <ThemePanel kind="edit" /> },
  previewTheme: { title: THEME_PANEL_TITLES.preview, render: () => <ThemePanel kind="preview" /> },
};

/** The panel shown for a chosen panel name: the name itself when that panel exists, else the
 * menu (spec interface §2: an unknown panel falls back to menu). */
export function shownPanel(chosen: string): string {
  return Object.hasOwn(PANELS, chosen) ? chosen : 'menu';
}

/** The side bar (spec interface §2): one panel at a time, the menu by default; an unknown panel
 * name falls back to the menu, and the "Main menu" button returns to it. */
export function SideBar() {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((state) => state.layout.sideBarPanel);
  const name = shownPanel(chosen);
  const panel = PANELS[name]!;
  return (
    <aside className="side-bar" aria-label="Side bar">
      <div className="side-bar__header">
        {name !== 'menu' && (
          <button
            type="button"
            className="icon-button"
            aria-label="Main menu"
            title="Main menu"
            onClick={() => dispatch(sideBarPanelChosen('menu'))}
          >
            ←
          </button>
        )}
        <h2 className="side-bar__title">{panel.title}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label="Close side bar"
          onClick={() => dispatch(layoutToggled('showSideBar'))}
        >
          ×
        </button>
      </div>
      <div className="side-bar__panel">{panel.render()}</div>
    </aside>
  );
}
