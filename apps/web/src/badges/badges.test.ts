import { type BadgeCreations, type DataItem, MemoryDatabase } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { githubAccountsLoaded } from '../store/accounts-slice';
import { BADGE_ANNOUNCE_DELAY, BadgeService, badgeEarnedMessage, watchBadges } from './badges';

function setup() {
  const repo = new MemoryDatabase('inkstone-badges').connect();
  const store = createStore();
  const later: [() => void, number][] = [];
  const service = new BadgeService(
    repo,
    store,
    (task, ms) => later.push([task, ms]),
    () => 42,
  );
  return { repo, store, later, service };
}

const shown = (store: ReturnType<typeof createStore>) =>
  store.getState().notifications.map((notification) => notification.content);

describe('BadgeService', () => {
  it('earns a feature once, keeps it in the workspace, and announces it 5 s later', async () => {
    const { repo, store, later, service } = setup();
    await service.earn('restoreVersion');
    await service.earn('restoreVersion');
    expect(later).toHaveLength(1);
    expect(later[0]![1]).toBe(BADGE_ANNOUNCE_DELAY);
    expect(shown(store)).toEqual([]);
    later[0]![0]();
    expect(shown(store)).toEqual([badgeEarnedMessage('Restorer')]);
    const stored = await repo.get<DataItem<BadgeCreations>>('badgeCreations');
    expect(stored?.data).toEqual({ restoreVersion: { created: 42 } });
    // A new start reads them back.
    const again = createStore();
    await new BadgeService(repo, again).load();
    expect(again.getState().badges.creations).toEqual({ restoreVersion: { created: 42 } });
  });

  it('announces the group a feature completes, and ignores what is no feature', async () => {
    const { store, later, service } = setup();
    await service.earn('chooseHistory');
    await service.earn('restoreVersion');
    await service.earn('manageHistory');
    await service.earn('no such feature');
    for (const [task] of later) task();
    expect(shown(store)).toEqual([
      badgeEarnedMessage('Time traveller'),
      badgeEarnedMessage('Historian'),
      badgeEarnedMessage('Restorer'),
    ]);
  });
});

describe('watchBadges', () => {
  it('earns a provider’s badge when one of its accounts is linked', () => {
    const store = createStore();
    const earned: string[] = [];
    const stop = watchBadges(store, (id) => earned.push(id));
    store.dispatch(
      githubAccountsLoaded([{ sub: '1', name: 'ann', scopes: [], isLogin: false }] as never),
    );
    stop();
    expect(earned).toContain('addGitHubAccount');
  });
});
