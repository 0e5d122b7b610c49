import { createHash } from 'node:crypto';

/** Dropbox's content-hash block: 4 MiB. */
export const CONTENT_HASH_BLOCK = 4 * 1024 * 1024;

/**
 * Dropbox's `content_hash` of some bytes (its "Content hash" page): SHA-256 of each 4 MiB block,
 * the binary digests concatenated, SHA-256 of that, in hex. An empty file has no block: the hash
 * of the empty string.
 */
export function contentHash(bytes: Uint8Array): string {
  const outer = createHash('sha256');
  for (let start = 0; start < bytes.length; start += CONTENT_HASH_BLOCK) {
    outer.update(
      createHash('sha256')
        .update(bytes.subarray(start, start + CONTENT_HASH_BLOCK))
        .digest(),
    );
  }
  return outer.digest('hex');
}
