import { type Comment, type Discussion } from '../items/types.js';
import { mergeRecords } from '../sync/merge-records.js';
import { remapDiscussions } from './anchors.js';

/** One version of a file's discussions and comments, with the text their ranges point into. */
export interface TalkVersion {
  text: string;
  discussions: Record<string, Discussion>;
  comments: Record<string, Comment>;
}

/** A file's discussions and comments. */
export interface Talk {
  discussions: Record<string, Discussion>;
  comments: Record<string, Comment>;
}

/** Three-way merge of discussions and comments, key by key (see `mergeRecords`: a key takes the
 * side that changed it, the local one when both did), their ranges in `mergedText`. Each
 * version's ranges are first moved to the same words of the merged text, so that a range moved
 * only because text before it changed counts as unchanged (a discussion removed on one side is
 * not brought back by typing on the other). A comment kept whose discussion one side removed
 * keeps its discussion too: two people commenting at once both keep their comments, and no
 * discussion with comments is lost. */
export function mergeTalk(
  base: TalkVersion,
  local: TalkVersion,
  remote: TalkVersion,
  mergedText: string,
): Talk {
  const moved = (version: TalkVersion) =>
    remapDiscussions(version.discussions, version.text, mergedText);
  const localDiscussions = moved(local);
  const remoteDiscussions = moved(remote);
  const discussions = mergeRecords(moved(base), localDiscussions, remoteDiscussions);
  const comments = mergeRecords(base.comments, local.comments, remote.comments);
  for (const comment of Object.values(comments)) {
    const id = comment.discussionId;
    if (discussions[id]) continue;
    const kept = localDiscussions[id] ?? remoteDiscussions[id];
    if (kept) discussions[id] = kept;
  }
  return { discussions, comments };
}
