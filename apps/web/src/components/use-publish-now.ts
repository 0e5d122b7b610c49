'use client';

import { useState } from 'react';
import { useStore } from 'react-redux';
import { useFileLocations } from '../providers/github/use-file-locations';
import { type AppStore } from '../store';
import { useAppServices } from './app-context';

/** "Publish now" of the Publish panel and of the navigation bar (spec interface §2): the
 * publish is queued (spec providers §4: one at a time, once the user paused typing); its notice
 * ('"{name}" was published to {n} location(s).') or each location's error as notifications. */
export function usePublishNow() {
  const services = useAppServices();
  const store = useStore() as AppStore;
  const { locations, reload } = useFileLocations('publishLocation');
  const [publishing, setPublishing] = useState(false);

  const publish = async () => {
    setPublishing(true);
    const announced = services.announcer.start('Publishing…');
    try {
      // The publish queue (and with it the converter and the templates) loads on first use.
      const { requestPublish } = await import('../providers/github/publish-queue');
      await requestPublish(services, store);
    } finally {
      announced.end();
      setPublishing(false);
      reload();
    }
  };
  return {
    locations,
    publishing,
    publishNow: () => {
      publish().catch(console.error);
    },
  };
}
