'use client';

import {
  canRemoveComment,
  canRemoveDiscussion,
  type Discussion,
  DISCUSSION_NOT_LOCATABLE,
  discussionComments,
  ellipsize,
  newDiscussion,
  orderedDiscussions,
  type Talk,
  withoutComment,
  withoutDiscussion,
} from '@inkstone/core';
import { useEffect, useRef, useState } from 'react';
import { type EditorController } from '../editor/editor-controller';
import { absoluteTime, relativeTime } from '../history/relative-time';
import { useAppDispatch, useAppSelector } from '../store';
import { mainLoginKey } from '../store/accounts-slice';
import { notified } from '../store/notifications-slice';
import { runAction } from '../services/run-action';
import { useAppServices } from '../components/app-context';
import { CommentBox } from './comment-box';
import { highlightPreview, previewAnchors } from './preview-highlight';
import { userInfo } from './user-info';
import './discussions.css';
import { earnBadge } from '../badges/badges';
import { UserLookup, useUserLookups } from './user-lookup';
import { type StickyPlace, stickyPlace } from './sticky';

/** A selection told by the editor (25 ms after it settles). */
export interface EditorSelectionInfo {
  from: number;
  to: number;
  /** Where to show the button, in the window's coordinates. */
  top: number;
  left: number;
}

/** A discussion being started: its range, not stored until its first comment is. */
interface Pending {
  discussion: Discussion;
}

/** Comments and discussions of the open file (spec interface §4; docs/how-to/discussions.md):
 * the 'Start a discussion' button beside a selection, the comment gutter with each discussion's
 * last comment, and the current-discussion panel with its comments, reply and removal. */
export function Discussions({
  controller,
  talk,
  selection,
  editable,
}: {
  controller: EditorController;
  talk: Talk;
  selection: EditorSelectionInfo | null;
  editable: boolean;
}) {
  const services = useAppServices();
  const { confirmer, workspace } = services;
  const dispatch = useAppDispatch();
  const accounts = useAppSelector((state) => state.accounts);
  // Other people's names and avatars, asked of GitHub (user-lookup.ts).
  const githubApiUrl = useAppSelector((state) => state.server.githubApiUrl);
  const apiUrl = useRef(githubApiUrl);
  apiUrl.current = githubApiUrl;
  const [lookup] = useState(() => new UserLookup(() => apiUrl.current));
  useUserLookups(lookup);
  const sub = mainLoginKey(accounts);
  const [current, setCurrent] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [replying, setReplying] = useState(false);
  const now = Date.now();

  // The current discussion highlighted apart in the editor; gone when removed elsewhere.
  const shown = current && talk.discussions[current] ? current : null;
  useEffect(() => {
    controller.showDiscussion(shown);
  }, [controller, shown]);

  // The sticky comment: the current discussion sticks to the top or the bottom of the comments
  // while its words are scrolled above or below what the editor shows (sticky.ts).
  const [sticky, setSticky] = useState<StickyPlace>('none');
  const shownRange = shown ? talk.discussions[shown] : undefined;
  useEffect(() => {
    if (!shownRange) {
      setSticky('none');
      return;
    }
    const view = controller.view;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setSticky(stickyPlace(view, shownRange.start, shownRange.end)),
      );
    };
    measure();
    view.scrollDOM.addEventListener('scroll', measure, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      view.scrollDOM.removeEventListener('scroll', measure);
    };
  }, [controller, shownRange]);

  // The discussions' words highlighted in the preview: when they change, and when the preview
  // has shown a new text (300 ms after its last change: nothing while the user types).
  const hasDiscussions = Object.keys(talk.discussions).length > 0;
  useEffect(() => {
    const paint = () => {
      const root = document.querySelector<HTMLElement>('.preview__content');
      if (!root) return;
      const anchors = hasDiscussions
        ? previewAnchors(controller.talk(), controller.currentText())
        : [];
      highlightPreview(root, anchors);
    };
    paint();
    if (!hasDiscussions) return;
    // (The preview may not be shown yet, or be shown anew: its changes are watched from the
    // page, those elsewhere, such as the editor's, passed over at once.)
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver((records) => {
      const preview = document.querySelector('.preview');
      if (!records.some((record) => preview?.contains(record.target))) return;
      clearTimeout(timer);
      timer = setTimeout(paint, 300);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [controller, talk, hasDiscussions]);

  // Commenting needs sign-in: otherwise signInForComment, whose Ok signs in with GitHub and
  // then syncs (spec interface §4).
  const signedIn = async (): Promise<boolean> => {
    if (sub !== undefined) return true;
    if (await confirmer.ask('signInForComment')) {
      services.accounts
        .signIn()
        .then(() => services.sync.requestNow())
        .catch((error: unknown) => {
          console.error(error);
          dispatch(notified('error', error instanceof Error ? error.message : String(error)));
        });
    }
    return false;
  };

  // A click's action, its failure shown.
  const act = (action: () => Promise<unknown>) => runAction(dispatch, action);

  const start = async () => {
    if (!selection || !(await signedIn())) return;
    const { from, to } = selection;
    const text = controller.view.state.sliceDoc(from, to);
    setPending({ discussion: newDiscussion(text, from, to) });
    setReplying(false);
    setCurrent(null);
  };

  const ordered = orderedDiscussions(controller.talk());
  const open = (id: string | null) => {
    setPending(null);
    setReplying(false);
    setCurrent(id);
  };
  const step = (by: number) => {
    if (ordered.length === 0) return;
    const index = ordered.findIndex((d) => d.id === shown);
    open(ordered[(index + by + ordered.length) % ordered.length]!.id);
  };

  const addComment = (discussionId: string, text: string, discussion?: Discussion) => {
    if (sub === undefined) return;
    const latest = controller.talk();
    const comment = { discussionId, sub, text, created: Date.now() };
    controller.changeTalk({
      discussions: discussion
        ? { ...latest.discussions, [discussionId]: discussion }
        : latest.discussions,
      comments: { ...latest.comments, [workspace.newId()]: comment },
    });
    earnBadge(discussion ? 'createDiscussion' : 'addComment');
  };

  const removeComment = async (id: string) => {
    if (!(await confirmer.ask('commentDeletion'))) return;
    controller.changeTalk(withoutComment(controller.talk(), id));
    earnBadge('removeComment');
  };

  const removeDiscussion = async (id: string) => {
    const discussion = talk.discussions[id];
    if (!discussion || !(await confirmer.ask('discussionDeletion', discussion.text))) return;
    const index = ordered.findIndex((d) => d.id === id);
    const next = ordered.filter((d) => d.id !== id)[index] ?? null;
    controller.changeTalk(withoutDiscussion(controller.talk(), id));
    earnBadge('removeDiscussion');
    open(next?.id ?? null);
  };

  const gutter = orderedDiscussions(talk);
  const discussion = shown ? talk.discussions[shown] : undefined;
  const comments = shown ? discussionComments(talk, shown) : [];
  const length = controller.view.state.doc.length;

  return (
    <>
      {selection && editable && !pending && (
        <button
          type="button"
          className="button discussion-start"
          style={{ top: Math.max(0, selection.top), left: selection.left }}
          // (The editor keeps the focus and the selection.)
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => act(start)}
        >
          Start a discussion
        </button>
      )}
      {(gutter.length > 0 || pending) && (
        <section className="comment-gutter" role="region" aria-label="Comments">
          {pending && (
            <section className="discussion-panel" aria-label="New discussion">
              <blockquote className="discussion-panel__text">{pending.discussion.text}</blockquote>
              <CommentBox
                label="Comment"
                onOk={(text) => {
                  const id = workspace.newId();
                  addComment(id, text, pending.discussion);
                  setPending(null);
                  setCurrent(id);
                }}
                onCancel={() => {
                  // Cancelling moves to the next discussion (spec interface §4).
                  const after = ordered.find((d) => d.start >= pending.discussion.start);
                  setPending(null);
                  setCurrent(after?.id ?? null);
                }}
              />
            </section>
          )}
          {discussion && shown && (
            <section
              className={`discussion-panel discussion-panel--sticky-${sticky}`}
              aria-label="Discussion"
              data-sticky={sticky}
            >
              {sticky !== 'none' && (
                <button
                  type="button"
                  className="discussion-panel__where"
                  onClick={() => controller.showDiscussion(shown)}
                >
                  {sticky === 'top'
                    ? '↑ Its words are above: show them'
                    : '↓ Its words are below: show them'}
                </button>
              )}
              <div
                className="discussion-panel__buttons"
                role="toolbar"
                aria-label="Discussion actions"
              >
                <button type="button" className="button" onClick={() => step(-1)}>
                  Previous discussion
                </button>
                <button type="button" className="button" onClick={() => step(1)}>
                  Next discussion
                </button>
                {canRemoveDiscussion(talk, shown, sub) && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => act(() => removeDiscussion(shown))}
                  >
                    Remove discussion
                  </button>
                )}
                <button type="button" className="button" onClick={() => open(null)}>
                  Close discussion
                </button>
              </div>
              <blockquote className="discussion-panel__text">{discussion.text}</blockquote>
              {!(discussion.start < discussion.end && discussion.end <= length) && (
                <p className="discussion-panel__lost" role="status">
                  {DISCUSSION_NOT_LOCATABLE}
                </p>
              )}
              <ol className="discussion-panel__comments" aria-label="Comments of the discussion">
                {comments.map((comment) => {
                  const author = userInfo(accounts, comment.sub, lookup);
                  return (
                    <li key={comment.id} className="comment">
                      <div className="comment__head">
                        {author.imageUrl && (
                          <img className="comment__avatar" src={author.imageUrl} alt="" />
                        )}
                        <span className="comment__author">{author.name}</span>
                        <time
                          className="comment__time"
                          dateTime={new Date(comment.created).toISOString()}
                          title={absoluteTime(comment.created)}
                        >
                          {relativeTime(comment.created, now)}
                        </time>
                      </div>
                      <p className="comment__text">{comment.text}</p>
                      {canRemoveComment(comment, sub) && (
                        <button
                          type="button"
                          className="button comment__remove"
                          onClick={() => act(() => removeComment(comment.id))}
                        >
                          Remove comment
                        </button>
                      )}
                    </li>
                  );
                })}
              </ol>
              {replying ? (
                <CommentBox
                  label="Reply"
                  onOk={(text) => {
                    addComment(shown, text);
                    setReplying(false);
                  }}
                  onCancel={() => setReplying(false)}
                />
              ) : (
                <button
                  type="button"
                  className="button"
                  onClick={() => act(async () => (await signedIn()) && setReplying(true))}
                >
                  Reply
                </button>
              )}
            </section>
          )}
          <ul className="comment-gutter__list">
            {gutter.map((d) => {
              const last = discussionComments(talk, d.id).at(-1);
              const author = last ? userInfo(accounts, last.sub, lookup).name : '';
              return (
                <li key={d.id}>
                  <button
                    type="button"
                    className="comment-gutter__item"
                    aria-current={d.id === shown ? 'true' : undefined}
                    onClick={() => open(d.id)}
                  >
                    <span className="comment-gutter__comment">
                      {last ? ellipsize(last.text) : d.text}
                    </span>
                    {last && <span className="comment-gutter__author">{author}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
