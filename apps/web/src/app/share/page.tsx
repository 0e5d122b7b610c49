import type { Metadata } from 'next';
// A shared file's math needs KaTeX's styles (the editor's page loads them with its preview).
import 'katex/dist/katex.min.css';
import { SharePage } from '../../share/share-page';

export const metadata: Metadata = {
  title: 'Shared file · Inkstone',
  referrer: 'no-referrer',
};

/** `/share.html`: a file shared through a gist (the static export writes it as share.html). */
export default function Page() {
  return <SharePage />;
}
