import { PENDING_IMAGE_UPLOAD_GAP } from '../constants.js';
import { type ItemRepository } from '../db/repository.js';
import { type ImageItem } from '../items/types.js';
import { type Timers } from '../ports/timers.js';
import { type AbortFlag } from './sync-context.js';
import { OfflineError } from './sync-context.js';

/** Where a workspace's images go (a git host's image storage, an image bed): the provider that
 * takes them. */
export interface ImageUploader {
  /** Uploads one image; resolves with the stored version's sha when the storage gives one, and
   * the URL a markdown link points to when the storage is not the workspace itself. */
  upload(image: ImageItem): Promise<PendingImageUploaded>;
}

/** What the upload of a pending image answered. */
export interface PendingImageUploaded {
  sha?: string;
  url?: string;
}

/**
 * The second step of a sync (spec core §4 rule 2, rule S13): images added here and not yet
 * uploaded go one at a time, 500 ms apart, each marked uploaded as soon as its upload succeeds,
 * so a failure (which ends the step with its error) leaves only the rest for the next sync.
 */
export async function uploadPendingImages(
  repository: ItemRepository,
  uploader: ImageUploader,
  timers: Timers,
  signal?: AbortFlag,
  onUploaded?: (image: ImageItem, uploaded: PendingImageUploaded) => Promise<void> | void,
): Promise<number> {
  const pending = (await repository.getAllImages()).filter((image) => !image.uploaded);
  let uploaded = 0;
  for (const image of pending) {
    if (uploaded > 0) {
      await new Promise<void>((resolve) => timers.set(resolve, PENDING_IMAGE_UPLOAD_GAP));
    }
    if (signal?.aborted) throw new OfflineError();
    const answer = await uploader.upload(image);
    const { sha } = answer;
    // Read again: the image may have been removed meanwhile; it is not brought back.
    const current = await repository.getImage(image.id);
    if (current) {
      await repository.putImage({ ...current, uploaded: true, ...(sha ? { sha } : {}) });
    }
    uploaded += 1;
    // (Where its placeholders become links to `answer.url`.)
    await onUploaded?.(image, answer);
  }
  return uploaded;
}
