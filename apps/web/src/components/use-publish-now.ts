'use client';

import { useState } from 'react';
import { useStore } from 'react-redux';
import { UploadCancelledError } from '@inkstone/core';
import { publishCurrentFile } from '../providers/github/publish-service';
import { useFileLocations } from '../providers/github/use-file-locations';
import { type AppStore, useAppDispatch } from '../store';
import { notified } from '../store/notifications-slice';
import { useAppServices } from './app-context';

/** "Publish now" of the Publish panel and of the navigation bar (spec interface §2): one
 * publish at a time; its notice ('"{name}" was published to {n} location(s).') or each
 * location's error as notifications. */
export function usePublishNow() {
  const dispatch = useAppDispatch();
  const services = useAppServices();
  const store = useStore() as AppStore;
  const { locations, reload } = useFileLocations('publishLocation');
  const [publishing, setPublishing] = useState(false);

  const publish = async () => {
    setPublishing(true);
    const announced = services.announcer.start('Publishing…');
    try {
      const report = await publishCurrentFile(services, store);
      if (report.message) dispatch(notified('info', report.message));
      for (const failure of report.failures) {
        const error = failure.error;
        dispatch(notified('error', error instanceof Error ? error.message : String(error)));
      }
    } catch (error) {
      if (!(error instanceof UploadCancelledError)) {
        console.error(error);
        dispatch(notified('error', error instanceof Error ? error.message : String(error)));
      }
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
