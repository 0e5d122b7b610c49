'use client';

import { type LocationItem } from '@inkstone/core';
import { useCallback, useEffect, useState } from 'react';
import { useAppServices } from '../../components/app-context';
import { useAppSelector } from '../../store';
import { fileLocations } from '../file-location-list';
import { GITHUB_COM, type GithubOrigins, loadGithubOrigins } from './github-conf';

// Every mounted list of locations reads again when one of them changed some (the panel, the
// management dialog and the navigation bar's publish button show the same locations).
const listeners = new Set<() => void>();

/** The current file's locations of one type, read again by `reload` (after an add, a remove,
 * a sync) and when another file is opened; with GitHub's origins from `/conf`. */
export function useFileLocations(type: 'syncLocation' | 'publishLocation') {
  const { workspace, sync } = useAppServices();
  const fileId = useAppSelector((state) => state.workspace.currentFileId);
  const [locations, setLocations] = useState<LocationItem[]>([]);
  const [origins, setOrigins] = useState<GithubOrigins>(GITHUB_COM);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => {
    for (const listener of listeners) listener();
    // (The sync service syncs the current file's locations with each sync: it counts them.)
    sync.fileLocationsChanged();
  }, [sync]);

  useEffect(() => {
    const listener = () => setVersion((value) => value + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    let live = true;
    loadGithubOrigins().then(
      (loaded) => live && setOrigins(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    if (!fileId) {
      setLocations([]);
      return;
    }
    fileLocations(workspace.repo, fileId, type).then(
      (found) => live && setLocations(found),
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [workspace, fileId, type, version]);

  return { fileId, locations, origins, reload };
}
