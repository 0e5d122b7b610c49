'use client';

import { useSyncExternalStore } from 'react';
import { type Announcer } from '../services/announcer';
import { useAppServices } from './app-context';
import './announcements.css';

/** The app's announcer (services/announcer.ts), to say when work starts and ends. */
export function useAnnouncer(): Announcer {
  return useAppServices().announcer;
}

/**
 * The polite live region of the announcer (`role="status"`, named "Activity"): what it says is
 * read by screen readers when the reader is free, and shown at the bottom left of the page for
 * as long as it lasts. It is in the page from the start, empty, as live regions must be; each
 * message is a new element, so that the same words said twice are read twice.
 */
export function Announcements() {
  const announcer = useAnnouncer();
  const { id, text, busy } = useSyncExternalStore(
    announcer.subscribe,
    () => announcer.announcement,
    () => announcer.announcement,
  );
  return (
    <div className="announcements" role="status" aria-label="Activity">
      {text && (
        <span
          key={id}
          className={busy ? 'announcements__text announcements__text--busy' : 'announcements__text'}
        >
          {text}
        </span>
      )}
    </div>
  );
}
