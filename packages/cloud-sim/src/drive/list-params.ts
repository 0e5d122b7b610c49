import { DriveError, type Space } from './store.js';
import { MAX_PAGE_SIZE } from './route-table.js';

/** A `pageSize` parameter: `fallback` when absent, coerced to {@link MAX_PAGE_SIZE}. */
export const pageSizeOf = (value: string | null, fallback: number) => {
  if (value === null) return fallback;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1)
    throw new DriveError({ kind: 'invalid', location: 'pageSize', message: 'Invalid Value' });
  return Math.min(size, MAX_PAGE_SIZE);
};

/** A `spaces` parameter (`drive` when absent). */
export const spacesOf = (value: string | null): Space[] => {
  const spaces = (value ?? 'drive').split(',').map((space) => space.trim());
  for (const space of spaces) {
    if (space !== 'drive' && space !== 'appDataFolder') {
      throw new DriveError({ kind: 'invalid', location: 'spaces', message: 'Invalid Value' });
    }
  }
  return spaces as Space[];
};

/** The page token of a list continuing at `offset`. */
export const offsetToken = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
/** Where a list continues for its page token (0 without one). */
export const readOffset = (token: string | null) => {
  if (token === null) return 0;
  const match = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match)
    throw new DriveError({ kind: 'invalid', location: 'pageToken', message: 'Invalid Value' });
  return Number(match[1]);
};
