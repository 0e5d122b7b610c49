import { describe, expect, it } from 'vitest';
import { withHash } from '../items/hash.js';
import { type LocationItem } from '../items/types.js';
import { removeDuplicateLocations } from './locations.js';

const location = (id: string, fields: Partial<LocationItem> = {}): LocationItem =>
  withHash<LocationItem>({
    id,
    type: 'syncLocation',
    fileId: 'f1',
    providerId: 'github',
    owner: 'ann',
    repo: 'notes',
    branch: 'main',
    path: 'Plan.md',
    ...fields,
  });

describe('V6 removeDuplicateLocations (core §5: duplicate locations, same file and hash, deleted)', () => {
  it('deletes nothing when locations differ', () => {
    const locations = [
      location('l1'),
      location('l2', { path: 'Other.md' }),
      location('l3', { fileId: 'f2' }),
      location('l4', { providerId: 'gitlab' }),
      location('l5', { type: 'publishLocation' }),
    ];
    expect(removeDuplicateLocations(locations)).toEqual([]);
  });

  it('keeps the first of each group of duplicates and returns the ids of the others', () => {
    const locations = [
      location('l1'),
      location('l2', { path: 'Other.md' }),
      location('l3'),
      location('l4', { path: 'Other.md' }),
      location('l5'),
    ];
    expect(removeDuplicateLocations(locations)).toEqual(['l3', 'l4', 'l5']);
  });

  it('sees duplicates whatever the order of their fields', () => {
    const reordered = withHash<LocationItem>({
      path: 'Plan.md',
      branch: 'main',
      repo: 'notes',
      owner: 'ann',
      providerId: 'github',
      fileId: 'f1',
      type: 'syncLocation',
      id: 'l2',
    });
    expect(removeDuplicateLocations([location('l1'), reordered])).toEqual(['l2']);
  });

  it('does not trust a stale stored hash', () => {
    const stale = { ...location('l2'), hash: 'stale' };
    expect(removeDuplicateLocations([location('l1'), stale])).toEqual(['l2']);
    const sameHashOtherFile = { ...location('l3', { fileId: 'f2' }), hash: location('l1').hash };
    expect(removeDuplicateLocations([location('l1'), sameHashOtherFile])).toEqual([]);
  });

  it('takes provider-specific fields into account', () => {
    const gist = (id: string, gistId: string) =>
      location(id, { providerId: 'gist', gistId, filename: 'Plan.md', isPublic: false });
    expect(
      removeDuplicateLocations([gist('l1', 'g1'), gist('l2', 'g2'), gist('l3', 'g1')]),
    ).toEqual(['l3']);
  });
});
