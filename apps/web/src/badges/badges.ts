import {
  type BadgeCreations,
  type DataItem,
  type ItemRepository,
  leafFeature,
  newlyEarned,
  withHash,
} from '@inkstone/core';
import { type AppStore, type RootState } from '../store';
import { mainLoginKey } from '../store/accounts-slice';
import { badgesLoaded } from '../store/badges-slice';
import { notified } from '../store/notifications-slice';

/** Badges are announced this long after being earned (spec core §5, interface §5). */
export const BADGE_ANNOUNCE_DELAY = 5_000;

/** The notification of an earned badge. */
export const badgeEarnedMessage = (name: string): string => `You earned the badge “${name}”!`;

/**
 * The open workspace's badges: `earn` records a feature's first use in the workspace's
 * `badgeCreations` data item, and announces the badges it earns (the feature's, and any group it
 * completes) {@link BADGE_ANNOUNCE_DELAY} later.
 */
export class BadgeService {
  constructor(
    private readonly repo: ItemRepository,
    private readonly store: AppStore,
    private readonly later: (task: () => void, ms: number) => void = (task, ms) =>
      void setTimeout(task, ms),
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the workspace's earned badges into the store. */
  async load(): Promise<void> {
    const stored = await this.repo.get<DataItem<BadgeCreations>>('badgeCreations');
    const creations = stored?.data;
    if (creations && typeof creations === 'object') this.store.dispatch(badgesLoaded(creations));
  }

  /** Records the first use of the feature `id` (a leaf of the tree; anything else is ignored). */
  async earn(id: string): Promise<void> {
    if (!leafFeature(id)) return;
    const creations = this.store.getState().badges.creations;
    if (creations[id]) return;
    const earned = newlyEarned(creations, id);
    const next = { ...creations, [id]: { created: this.now() } };
    // (In the store at once: a second use meanwhile earns nothing more.)
    this.store.dispatch(badgesLoaded(next));
    await this.repo.put([
      withHash<DataItem<BadgeCreations>>({ id: 'badgeCreations', type: 'data', data: next }),
    ]);
    this.later(() => {
      for (const badge of earned) {
        this.store.dispatch(notified('badge', badgeEarnedMessage(badge.name)));
      }
    }, BADGE_ANNOUNCE_DELAY);
  }
}

/** The badge of opening (so, of having added) a workspace of each provider. */
export const WORKSPACE_BADGES: Record<string, string> = {
  couchdbWorkspace: 'addCouchdbWorkspace',
  githubWorkspace: 'addGithubWorkspace',
  gitlabWorkspace: 'addGitlabWorkspace',
  giteaWorkspace: 'addGiteaWorkspace',
  giteeWorkspace: 'addGiteeWorkspace',
  googleDriveWorkspace: 'addGoogleDriveWorkspace',
};

type Accounts = RootState['accounts'];
const linked = (accounts: Accounts): Record<string, number> => ({
  addGitHubAccount: accounts.github.length,
  addGoogleDriveAccount: accounts.google.length,
  addGitLabAccount: accounts.forges.gitlab.length,
  addGiteaAccount: accounts.forges.gitea.length,
  addGiteeAccount: accounts.forges.gitee.length,
});

/** Follows the store for the badges it shows: an account linked (of each provider) or removed,
 * and a sync of the main workspace of a signed-in user. Returns the stop. */
export function watchBadges(store: AppStore, earn: (id: string) => void): () => void {
  let previous = store.getState();
  return store.subscribe(() => {
    const next = store.getState();
    if (next.accounts !== previous.accounts) {
      const before = linked(previous.accounts);
      const after = linked(next.accounts);
      let total = 0;
      for (const [id, count] of Object.entries(after)) {
        if (count > (before[id] ?? 0)) earn(id);
        total += count - (before[id] ?? 0);
      }
      if (total < 0) earn('removeAccount');
    }
    if (
      next.sync.lastSyncedAt !== previous.sync.lastSyncedAt &&
      next.sync.lastSyncedAt !== null &&
      next.sync.target !== null &&
      mainLoginKey(next.accounts) !== undefined
    ) {
      earn('syncMainWorkspace');
    }
    previous = next;
  });
}

let current: BadgeService | undefined;

/** Makes `service` the one {@link earnBadge} reaches (the open workspace's). */
export function setBadgeService(service: BadgeService | undefined): void {
  current = service;
}

/** A user used the feature `id`: its badge is earned, if not yet. Never throws. */
export function earnBadge(id: string): void {
  current?.earn(id).catch((error: unknown) => console.error('A badge was not saved.', error));
}
