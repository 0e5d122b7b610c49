// A file-location test's "meanwhile": something done on the forge just after a provider's first
// download, before the sync that read it writes, as another writer between read and write.

/** Runs `meanwhile` once, right after `provider`'s next download answers (before the caller
 * sees the answer); later downloads are left alone. */
export function afterFirstDownload<A extends unknown[], R>(
  provider: { download(...args: A): Promise<R> },
  meanwhile: () => Promise<void>,
): void {
  const download = provider.download.bind(provider);
  let first = true;
  provider.download = async (...args: A) => {
    const result = await download(...args);
    if (first) {
      first = false;
      await meanwhile();
    }
    return result;
  };
}
