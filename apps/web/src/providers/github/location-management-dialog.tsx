'use client';

import { type LocationItem } from '@inkstone/core';
import { useState } from 'react';
import { useAppServices } from '../../components/app-context';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { Modal } from '../../components/modal';
import { useAppDispatch } from '../../store';
import { notified } from '../../store/notifications-slice';
import {
  describeLocation,
  LOCATION_URL_COPIED,
  MAIN_LOCATION_NOT_REMOVABLE,
  removeLocation,
} from './file-locations';
import { useFileLocations } from './use-file-locations';
import './locations.css';

function LocationList(props: { type: 'syncLocation' | 'publishLocation'; empty: string }) {
  const dispatch = useAppDispatch();
  const { workspace, forgeAccounts } = useAppServices();
  const { locations, origins, reload } = useFileLocations(props.type);
  const [error, setError] = useState<string>();
  const copy = (url: string) => {
    navigator.clipboard.writeText(url).then(
      () => dispatch(notified('info', LOCATION_URL_COPIED)),
      () => setError('The URL could not be copied: the clipboard was refused.'),
    );
  };
  const remove = (location: LocationItem) => {
    removeLocation(workspace.repo, location.id).then(reload, (failure: unknown) =>
      setError(failure instanceof Error ? failure.message : MAIN_LOCATION_NOT_REMOVABLE),
    );
  };
  return (
    <div className="file-locations">
      {locations.length === 0 && <p>{props.empty}</p>}
      <ul className="file-locations__list" aria-label="Locations">
        {locations.map((location) => {
          const { description, url } = describeLocation(location, origins.githubUrl, forgeAccounts);
          return (
            <li key={location.id} className="file-locations__item">
              <span>{description}</span>
              {url && (
                <button type="button" className="button" onClick={() => copy(url)}>
                  Copy URL
                </button>
              )}
              <button
                type="button"
                className="button"
                aria-label={`Remove ${description}`}
                onClick={() => remove(location)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The syncManagement dialog (spec interface §2): the current file's sync locations, each
 * with Copy URL and Remove. */
export function SyncManagementDialog({ reject }: DialogProps<'syncManagement'>) {
  return (
    <Modal title="Synchronized locations" onCancel={reject} cancelLabel="Close">
      <LocationList type="syncLocation" empty="This file is not synchronized with any location." />
    </Modal>
  );
}

/** The publishManagement dialog (spec interface §2): the current file's publish locations. */
export function PublishManagementDialog({ reject }: DialogProps<'publishManagement'>) {
  return (
    <Modal title="Publication locations" onCancel={reject} cancelLabel="Close">
      <LocationList type="publishLocation" empty="This file is not published anywhere." />
    </Modal>
  );
}
