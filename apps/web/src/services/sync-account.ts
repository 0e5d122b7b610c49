import {
  type DataItem,
  type ItemRepository,
  MAIN_LOCATION_ID,
  SYNC_STATE_ID,
  type SyncedContentItem,
  withHash,
} from '@inkstone/core';

/** Id of the local data item (never synced, as data items are not) that says which account the
 * workspace's sync state belongs to. */
export const SYNC_ACCOUNT_ID = 'syncAccount';

/**
 * Starts the workspace's sync state afresh when it is about to sync with another account than
 * the one its state came from (the main workspace, signed out and in as someone else): the
 * changes cursor, the records of what the old account's repository had, and each file's last
 * version synced with it (its 'main' sync history) are dropped, so the old repository's state is
 * never taken for the new one's. Every local file, folder and text stays: the next sync is a
 * first sync that merges them with the new account's repository. The files' own locations keep
 * their history (they carry their own account). A state kept from before the account was
 * recorded is taken as this account's. Returns whether the state was started afresh.
 */
export async function startAfreshForAccount(
  repository: ItemRepository,
  account: string,
): Promise<boolean> {
  const stored = await repository.get<DataItem<{ sub: string }>>(SYNC_ACCOUNT_ID);
  const previous = stored?.data.sub;
  if (previous === account) return false;
  const changed = previous !== undefined;
  if (changed) {
    const synced = (await repository.getAll('syncedContent')) as SyncedContentItem[];
    const cleared = synced
      .filter((item) => item.syncHistory[MAIN_LOCATION_ID] !== undefined)
      .map((item) => {
        const { [MAIN_LOCATION_ID]: _dropped, ...syncHistory } = item.syncHistory;
        const { tx: _tx, hash: _hash, ...rest } = item as SyncedContentItem & { tx?: number };
        return withHash<SyncedContentItem>({ ...rest, syncHistory });
      });
    if (cleared.length > 0) await repository.put(cleared);
    await repository.delete([SYNC_STATE_ID]);
  }
  await repository.put([
    withHash<DataItem<{ sub: string }>>({
      id: SYNC_ACCOUNT_ID,
      type: 'data',
      data: { sub: account },
    }),
  ]);
  return changed;
}
