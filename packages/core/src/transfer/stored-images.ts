// Issue 24, "import many files at once": where an imported image goes in the images store, found
// without holding the store's images in memory.

import { type ItemRepository } from '../db/repository.js';
import { numberedPath } from './archive-layout.js';

/** Where an imported image goes: `free`, a path no image has, or undefined when an image with
 * the same bytes is already at its path or one of its numbered paths. */
export interface ImagePlace {
  free: string | undefined;
}

/**
 * The images store as an import sees it: each image's path with its id and the length of its
 * content, nothing more (a workspace of photos holds hundreds of megabytes of base64). An
 * image's content is read, one at a time, only to compare it with an imported image of the
 * same length at a path it could go to.
 */
export class StoredImages {
  private constructor(
    private readonly repo: ItemRepository,
    private readonly byPath: Map<string, { id: string; length: number }>,
  ) {}

  /** Lists the images of `repo`, one at a time (see `ItemRepository.eachImage`). */
  static async read(repo: ItemRepository): Promise<StoredImages> {
    const byPath = new Map<string, { id: string; length: number }>();
    await repo.eachImage((image) => {
      byPath.set(image.path, { id: image.id, length: image.content.length });
    });
    return new StoredImages(repo, byPath);
  }

  /**
   * Where an image of `content` meant for `path` goes: `path`, `a.1.png`, `a.2.png`… in turn,
   * up to the first that no image has, which is `free`; if one before it already holds the
   * same bytes, nothing is to be stored (`free` undefined) — the same zip imported twice adds
   * no image the second time.
   */
  async placeFor(path: string, content: string): Promise<ImagePlace> {
    for (let n = 0; ; n += 1) {
      const candidate = n === 0 ? path : numberedPath(path, n);
      const stored = this.byPath.get(candidate);
      if (!stored) return { free: candidate };
      if (stored.length !== content.length) continue;
      const image = await this.repo.getImage(stored.id);
      if (image?.content === content) return { free: undefined };
    }
  }

  /** Records an image the import stored. */
  stored(id: string, path: string, content: string): void {
    this.byPath.set(path, { id, length: content.length });
  }
}
