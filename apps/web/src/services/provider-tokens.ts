import { type DataItem, type ItemRepository, withHash } from '@inkstone/core';

/** The id of the data item that holds linked accounts (spec providers §3 "Tokens"). */
export const TOKENS_ID = 'tokens';

/** The accounts kept under `key` (a provider's: 'google', 'dropbox') in the `tokens` data item,
 * those `usable` refuses left out. */
export async function readProviderTokens<T>(
  repo: ItemRepository,
  key: string,
  usable: (value: unknown) => value is T,
): Promise<T[]> {
  const data = (await repo.get<DataItem>(TOKENS_ID))?.data;
  if (typeof data !== 'object' || data === null) return [];
  const entries = (data as Record<string, unknown>)[key];
  if (typeof entries !== 'object' || entries === null) return [];
  return Object.values(entries).filter(usable);
}

/** Changes the accounts kept under `key` in the `tokens` data item (by sub), every other
 * provider's kept; `change` edits the copy it is given and says whether anything changed. */
export async function updateProviderTokens(
  repo: ItemRepository,
  key: string,
  change: (accounts: Record<string, unknown>) => boolean,
): Promise<void> {
  await repo.update<DataItem>(TOKENS_ID, (current) => {
    const data = current?.data;
    const kept = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const previous = kept[key];
    const accounts: Record<string, unknown> =
      typeof previous === 'object' && previous !== null ? { ...previous } : {};
    if (!change(accounts)) return undefined;
    return withHash<DataItem>({ id: TOKENS_ID, type: 'data', data: { ...kept, [key]: accounts } });
  });
}
