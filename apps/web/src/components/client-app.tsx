'use client';

import dynamic from 'next/dynamic';
import { startEarlyEditor } from '../early/early-start';
import { Splash } from './splash';

// The app lives on the browser's database and DOM: it renders in the browser only, with the
// splash screen prerendered in the page so something shows at once. The file's text shows first,
// in the early editor (early/early-start.ts), and the app's code loads after it: the editor takes
// typing before the rest of the app has arrived (docs/adr/0008).
const App = dynamic(
  () =>
    startEarlyEditor()
      .then(() => import('./app'))
      .then((module) => module.App),
  { ssr: false, loading: () => <Splash /> },
);

export function ClientApp() {
  return <App />;
}
