import { GITHUB_PROVIDER_IDS, type LocationItem, MemoryDatabase, withHash } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import {
  describeLocation,
  fileLocations,
  MAIN_LOCATION_NOT_REMOVABLE,
  removeLocation,
} from './file-locations';
import { shareUrl } from './gist-share';

const location = (fields: Record<string, unknown>) =>
  withHash<LocationItem>({
    id: 'l1',
    type: 'syncLocation',
    fileId: 'f',
    providerId: GITHUB_PROVIDER_IDS.file,
    ...fields,
  });

describe('file locations as the panels show them', () => {
  it('names a repository file and links its page on the configured GitHub, path segments encoded', () => {
    const file = location({
      owner: 'alice',
      repo: 'notes',
      branch: 'main',
      path: 'my docs/a#1.md',
    });
    expect(describeLocation(file, 'https://github.com')).toEqual({
      description: 'alice/notes my docs/a#1.md (main)',
      url: 'https://github.com/alice/notes/blob/main/my%20docs/a%231.md',
    });
  });

  it('names a gist, links it once it exists, and prefers the published page kept on it', () => {
    const gist = (extra: Record<string, unknown>) =>
      location({
        providerId: GITHUB_PROVIDER_IDS.gist,
        filename: 'n.md',
        isPublic: false,
        ...extra,
      });
    expect(describeLocation(gist({ gistId: '' }), 'https://github.com')).toEqual({
      description: 'Gist n.md (secret)',
      url: undefined,
    });
    expect(describeLocation(gist({ gistId: 'abc' }), 'https://github.com').url).toBe(
      'https://gist.github.com/abc',
    );
    expect(describeLocation(gist({ gistId: 'abc' }), 'http://127.0.0.1:4010').url).toBe(
      'http://127.0.0.1:4010/gist/abc',
    );
    expect(
      describeLocation(
        gist({ gistId: 'abc', url: 'https://gist.example/abc' }),
        'https://github.com',
      ).url,
    ).toBe('https://gist.example/abc');
  });

  it("refuses to remove the workspace's own location, in the spec's words, and removes others", async () => {
    const repo = new MemoryDatabase('locations').connect();
    await repo.put([location({ owner: 'a', repo: 'b', branch: 'main', path: 'x.md' })]);
    await expect(removeLocation(repo, 'main')).rejects.toThrow(MAIN_LOCATION_NOT_REMOVABLE);
    expect(await fileLocations(repo, 'f', 'syncLocation')).toHaveLength(1);
    await removeLocation(repo, 'l1');
    expect(await fileLocations(repo, 'f', 'syncLocation')).toEqual([]);
  });

  it('makes the share link beside the app, the gist id in its query', () => {
    expect(shareUrl('0123abc', 'https://inkstone.example/app/?x=1#h')).toBe(
      'https://inkstone.example/app/share.html?id=0123abc',
    );
  });
});
