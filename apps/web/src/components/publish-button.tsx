'use client';

import { useAppSelector } from '../store';
import { Icon } from './icon';
import { usePublishNow } from './use-publish-now';
import { earnBadge } from '../badges/badges';

const PUBLISH_PATH = 'M8 11V2.5 M4.5 6 8 2.5 11.5 6 M2.5 10.5v3h11v-3';

/** The navigation bar's publish button, named "Publish now" (spec interface §2): disabled when
 * the file has no publish location, a publish is under way, or the app is offline. */
export function PublishButton() {
  const offline = useAppSelector((root) => root.sync.offline);
  const { locations, publishing, publishNow } = usePublishNow();
  const blocker =
    locations.length === 0
      ? 'No publication location: add one in the Publish panel.'
      : publishing
        ? 'Publishing…'
        : offline
          ? 'You are offline.'
          : null;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Publish now"
      title={blocker ?? `Publish to ${locations.length} location(s)`}
      disabled={blocker !== null}
      aria-busy={publishing}
      onClick={() => {
        publishNow();
        earnBadge('triggerPublish');
      }}
    >
      <Icon path={PUBLISH_PATH} />
    </button>
  );
}
