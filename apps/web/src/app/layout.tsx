import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './colours.css';
import './globals.css';
import './print.css';
import { COLOR_THEME_SCRIPT } from '../services/color-theme';

export const metadata: Metadata = {
  title: 'Inkstone',
  description:
    'A markdown editor with a live preview that keeps every word in your browser and syncs with the places you already keep your files.',
  // Installable, and opening offline after one visit (docs/how-to/offline.md).
  manifest: '/manifest.webmanifest',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#2b2f36',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The colour theme script sets an attribute of <html> before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: COLOR_THEME_SCRIPT }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
