'use client';

import { useEffect } from 'react';
import { useLayoutStyle } from '../layout/use-layout-style';
import { useAppSelector } from '../store';
import { isLight } from '../store/embed-slice';
import { Announcements } from './announcements';
import { useAppServices } from './app-context';
import { ButtonBar } from './button-bar';
import { EditorPane } from './editor-pane';
import { FolderAccessNotice } from '../providers/folder/folder-access-notice';
import { idleAfterFirstScreen, previewFirstScreenShown } from './first-screen';
import {
  LaterDialogs,
  LaterExplorer,
  LaterSideBar,
  LaterWelcomeTour,
  prefetchLaterParts,
} from './later-parts';
import { NavigationBar } from './navigation-bar';
import { Notifications } from './notifications';
import { PreviewPane } from './preview-pane';
import { StatusBar } from './status-bar';
import { ThemeStyles } from './theme-styles';
import { useSaveShortcut } from './use-save-shortcut';
import './shell.css';

/** The main page of spec interface §2: navigation bar, editor, button bar, preview, side bar and
 * status bar, each shown as the layout settings say. */
export function Shell() {
  const layout = useAppSelector((state) => state.layout);
  // Embedded (light) mode: no explorer, no side bar panel, no welcome tour (spec interface §4).
  const light = useAppSelector(isLight);
  const { scrollSync } = useAppServices();
  useEffect(() => {
    scrollSync.enabled = layout.scrollSync;
  }, [scrollSync, layout.scrollSync]);
  useSaveShortcut();
  useEffect(() => idleAfterFirstScreen(prefetchLaterParts), []);
  const style = useLayoutStyle();
  const previewShown = layout.showSidePreview || !layout.showEditor;
  // Without a preview, what waits for its first screen need not (first-screen.ts).
  useEffect(() => {
    if (!previewShown) previewFirstScreenShown();
  }, [previewShown]);
  return (
    <div className="app" style={style}>
      <ThemeStyles />
      {layout.showNavigationBar && <NavigationBar />}
      <FolderAccessNotice />
      <div className="app__body">
        {layout.showExplorer && !light && <LaterExplorer />}
        <main className="app__main">
          <EditorPane hidden={!layout.showEditor} />
          <ButtonBar />
          {previewShown && <PreviewPane />}
        </main>
        {layout.showSideBar && !light && <LaterSideBar />}
      </div>
      {layout.showStatusBar && <StatusBar />}
      {!layout.welcomeTourFinished && !light && <LaterWelcomeTour />}
      <Notifications />
      <Announcements />
      <LaterDialogs />
    </div>
  );
}
