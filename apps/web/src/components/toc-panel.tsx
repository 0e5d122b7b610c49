'use client';

import { useAppSelector } from '../store';
import { useAppServices } from './app-context';
import './toc-panel.css';

/** The table of contents of the current file, built from its headings; a click scrolls the
 * preview to the heading. */
export function TocPanel() {
  const toc = useAppSelector((state) => state.preview.toc);
  const { scrollSync } = useAppServices();
  const minLevel = toc.reduce((min, entry) => Math.min(min, entry.level), 6);
  return (
    <nav className="toc" aria-label="Table of contents">
      {toc.length === 0 ? (
        <p className="toc__empty">Headings of the file appear here.</p>
      ) : (
        <ul>
          {toc.map((entry) => (
            <li key={entry.id} style={{ paddingLeft: `${(entry.level - minLevel) * 12}px` }}>
              <a
                href={`#${entry.id}`}
                className={`toc__link toc__link--h${entry.level}`}
                onClick={(event) => {
                  event.preventDefault();
                  scrollSync.revealInPreview(entry.id);
                }}
              >
                {entry.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
