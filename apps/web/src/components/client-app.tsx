'use client';

import dynamic from 'next/dynamic';
import { Splash } from './splash';

// The app lives on the browser's database and DOM: it renders in the browser only, with the
// splash screen prerendered in the page so something shows at once.
const App = dynamic(() => import('./app').then((module) => module.App), {
  ssr: false,
  loading: () => <Splash />,
});

export function ClientApp() {
  return <App />;
}
