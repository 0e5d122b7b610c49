import { SYNC_MIN_GAP_AFTER_ACTIVITY, USER_ACTIVE_DELAY } from '../constants.js';

/** What the app tells about the user: when the last input happened and whether the window has
 * the focus (fed by its event listeners). */
export interface ActivityPort {
  lastInputAt(): number;
  isFocused(): boolean;
}

/** A timestamp shared by every tab of a workspace (localStorage in the browser): when any tab
 * last did sync work. */
export interface SharedTimestamp {
  get(): number | undefined;
  set(time: number): void;
}

/** What decides whether a sync may start now (spec core §4 rule 1). */
export interface SyncConditionInput {
  now: number;
  lastInputAt: number;
  focused: boolean;
  offline: boolean;
  /** A sync token exists for the workspace, or a file has a sync location. */
  hasSyncTarget: boolean;
  /** The last sync activity of any tab of the workspace, if any. */
  lastSyncActivity: number | undefined;
}

/** Why a sync may not start, or 'ok'. */
export type SyncVerdict = 'ok' | 'inactive' | 'offline' | 'noSyncTarget' | 'tooSoon';

/** The message when a sync is asked for but cannot happen (spec core §8). */
export const SYNC_NOT_POSSIBLE = 'Sync not possible.';

/** The user counts as active with input within 180 s and the window focused (spec core §9). */
export function isUserActive(now: number, lastInputAt: number, focused: boolean): boolean {
  return focused && now - lastInputAt <= USER_ACTIVE_DELAY;
}

/** Whether a sync is possible at all: online and with something to sync to. */
export function isSyncPossible(input: Pick<SyncConditionInput, 'offline' | 'hasSyncTarget'>) {
  return !input.offline && input.hasSyncTarget;
}

/** Whether a sync may start now (rule S1): possible, the user active, and the last sync activity
 * of every tab more than 3 s ago. */
export function syncVerdict(input: SyncConditionInput): SyncVerdict {
  if (input.offline) return 'offline';
  if (!input.hasSyncTarget) return 'noSyncTarget';
  if (!isUserActive(input.now, input.lastInputAt, input.focused)) return 'inactive';
  const last = input.lastSyncActivity;
  if (last !== undefined && input.now - last <= SYNC_MIN_GAP_AFTER_ACTIVITY) return 'tooSoon';
  return 'ok';
}
