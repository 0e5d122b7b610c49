'use client';

import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useAppServices } from './app-context';
import { afterPreviewFirstScreen } from './first-screen';

// The parts of the shell the first screen does without: each is its own chunk, fetched when it
// first shows or, sooner, when the browser is idle after the editor is editable (see
// `prefetchLaterParts`). A dialog's shortcut pressed before its chunk arrived still opens it:
// the modal stack holds the dialog, and it shows once its chunk is in.

const loadDialogs = () => import('./dialogs/dialogs');
const loadExplorer = () => import('./explorer/explorer');
const loadSideBar = () => import('./side-bar');
const loadWelcomeTour = () => import('./welcome-tour');

const LazyDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.Dialogs })));
const LazyExplorer = lazy(() => loadExplorer().then((module) => ({ default: module.Explorer })));
const LazySideBar = lazy(() => loadSideBar().then((module) => ({ default: module.SideBar })));
const LazyWelcomeTour = lazy(() =>
  loadWelcomeTour().then((module) => ({ default: module.WelcomeTour })),
);

/** The dialog on top of the modal stack, loaded with every dialog when one is first opened or,
 * sooner, once the first screen and the preview's are shown: not while the editor or the
 * preview is still opening, when there is no dialog to show (the welcome tour is a part of its
 * own). */
export function LaterDialogs() {
  const { modals } = useAppServices();
  const opened = useSyncExternalStore(modals.subscribe, () => modals.entries.length > 0);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let cancelled = false;
    afterPreviewFirstScreen().then(
      () => !cancelled && setShown(true),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, []);
  if (!opened && !shown) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialogs />
    </Suspense>
  );
}

/** The explorer, loaded when first shown; its empty, busy frame holds its place meanwhile. */
export function LaterExplorer() {
  return (
    <Suspense
      fallback={<aside className="app__later-explorer" aria-label="Explorer panel" aria-busy />}
    >
      <LazyExplorer />
    </Suspense>
  );
}

/** The side bar and its panels, loaded when first shown; its empty, busy frame holds its place
 * meanwhile. */
export function LaterSideBar() {
  return (
    <Suspense fallback={<aside className="app__later-side-bar" aria-label="Side bar" aria-busy />}>
      <LazySideBar />
    </Suspense>
  );
}

/** The welcome tour, loaded only when it is to be shown. */
export function LaterWelcomeTour() {
  return (
    <Suspense fallback={null}>
      <LazyWelcomeTour />
    </Suspense>
  );
}

/** Fetches the later parts once the browser is idle, so that the first click on a dialog, the
 * explorer or a panel does not wait for the network. Failures are left for the part's own
 * load, which tries again when it shows. */
export function prefetchLaterParts(): void {
  for (const load of [loadDialogs, loadExplorer, loadSideBar]) {
    load().catch(() => {});
  }
}
