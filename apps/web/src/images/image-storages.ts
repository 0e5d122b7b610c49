// Issue 30, "images": where the editor finds image beds. Each kind of storage that is not the
// workspace itself (an image host's account, a forge account's repository) registers here; the
// Insert image dialog lists what they offer, and an upload asks for the chosen one's bed.

import { type ImageBed, type ImageStorageChoice } from '@inkstone/core';

/** One storage a user can choose, as the chooser shows it. */
export interface ImageStorageOption {
  choice: ImageStorageChoice;
  /** What the chooser shows: the bed's kind and account, e.g. "SM.MS — alice". */
  label: string;
}

/** A kind of image storage: the storages it offers now (the accounts linked in this browser),
 * and the bed of one of them, undefined when that account or storage is gone. */
export interface ImageStorageKind {
  options(): ImageStorageOption[];
  bed(choice: ImageStorageChoice): ImageBed | undefined;
}

const kinds = new Map<string, ImageStorageKind>();

/** Registers the storages of `providerId` (an image host, a forge's repositories). */
export function registerImageStorageKind(providerId: string, kind: ImageStorageKind): void {
  kinds.set(providerId, kind);
}

/** Every storage the registered kinds offer now, in the order they registered. */
export function imageStorageOptions(): ImageStorageOption[] {
  return [...kinds.values()].flatMap((kind) => kind.options());
}

/** The bed of a chosen storage, or undefined when no kind knows it any more. */
export function imageBedFor(choice: ImageStorageChoice): ImageBed | undefined {
  return kinds.get(choice.providerId)?.bed(choice);
}
