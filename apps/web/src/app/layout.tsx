import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/github.css';
import './globals.css';
import './overlays.css';

export const metadata: Metadata = {
  title: 'Inkstone',
  description:
    'A markdown editor with a live preview that keeps every word in your browser and syncs with the places you already keep your files.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
