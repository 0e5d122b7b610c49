import { describe, expect, it } from 'vitest';
import { allBadges, badgeCount, FEATURES, leafFeature, newlyEarned, toBadges } from './features.js';

describe('badges', () => {
  it('has the spec’s top-level features, and unique ids', () => {
    expect(FEATURES.map((feature) => feature.id)).toEqual([
      'navigationBar',
      'explorer',
      'buttonBar',
      'signIn',
      'workspaces',
      'manageAccounts',
      'syncFiles',
      'publishFiles',
      'manageHistory',
      'manageProperties',
      'comment',
      'importExport',
      'manageSettings',
      'manageTemplates',
    ]);
    const ids = allBadges(toBadges({})).map((badge) => badge.featureId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('earns a leaf once used, and a group when all its children are', () => {
    const some = toBadges({ createDiscussion: { created: 1 } });
    const comment = some.find((badge) => badge.featureId === 'comment')!;
    expect(comment.isEarned).toBe(false);
    expect(comment.hasSomeEarned).toBe(true);
    const all = toBadges({
      createDiscussion: { created: 1 },
      addComment: { created: 2 },
      removeComment: { created: 3 },
      removeDiscussion: { created: 4 },
    });
    expect(all.find((badge) => badge.featureId === 'comment')!.isEarned).toBe(true);
    expect(badgeCount(all).earned).toBe(5);
  });

  it('says which badges an action earns: the leaf, and a group it completes', () => {
    const creations = { chooseHistory: { created: 1 } };
    expect(newlyEarned(creations, 'restoreVersion').map((badge) => badge.featureId)).toEqual([
      'manageHistory',
      'restoreVersion',
    ]);
    expect(newlyEarned(creations, 'chooseHistory')).toEqual([]);
    expect(leafFeature('manageHistory')).toBeUndefined();
    expect(leafFeature('restoreVersion')?.name).toBe('Restorer');
  });
});
