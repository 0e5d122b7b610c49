import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentStateItem, type ScrollPosition } from '../items/types.js';
import { type TextEdit } from '../merge/text-edit.js';

/** Where the user is in a file's text: the selection and the scroll position, what a content
 * state item keeps. */
export interface ContentPlace {
  selectionStart: number;
  selectionEnd: number;
  /** The first line in view (its start) and how many pixels of it are scrolled out; null at
   * the top. */
  scrollPosition: ScrollPosition | null;
}

/** The content state item of `fileId` holding `place`. */
export function contentStateItem(fileId: string, place: ContentPlace): ContentStateItem {
  return withHash<ContentStateItem>({
    id: itemIds.contentState(fileId),
    type: 'contentState',
    selectionStart: place.selectionStart,
    selectionEnd: place.selectionEnd,
    scrollPosition: place.scrollPosition && { ...place.scrollPosition },
  });
}

/** `place`, in the text that the sorted, non-overlapping `edits` made of the one it was taken
 * in: a position moves with the text after it; one inside a replaced span goes to the end of
 * what replaced it; words inserted right at a position go after it (CodeMirror's default). */
export function mapPlace(place: ContentPlace, edits: readonly TextEdit[]): ContentPlace {
  if (edits.length === 0) return place;
  const map = (pos: number) => {
    let shift = 0;
    for (const edit of edits) {
      if (edit.from >= pos) break;
      if (edit.to > pos) return edit.from + shift + edit.insert.length;
      shift += edit.insert.length - (edit.to - edit.from);
    }
    return pos + shift;
  };
  const scroll = place.scrollPosition;
  return {
    selectionStart: map(place.selectionStart),
    selectionEnd: map(place.selectionEnd),
    scrollPosition: scroll && { pos: map(scroll.pos), offset: scroll.offset },
  };
}

/** Saves where the user is in a file, alone, writing only when it changed: for a place that goes
 * with the text stored already. (A save of the text stores the place with it: ContentSession.) */
export async function saveContentState(
  repo: ItemRepository,
  fileId: string,
  place: ContentPlace,
): Promise<void> {
  const item = contentStateItem(fileId, place);
  await repo.update<ContentStateItem>(item.id, (current) =>
    current?.hash === item.hash ? undefined : item,
  );
}
