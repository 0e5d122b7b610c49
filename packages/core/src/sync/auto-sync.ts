import { AUTO_SYNC_EVERY_DEFAULT, AUTO_SYNC_EVERY_MIN } from '../constants.js';
import { type Workspace } from '../items/types.js';
import { type Timers } from '../ports/timers.js';
import { TIMER_JITTER } from './http-client.js';

/** The auto-sync period from the autoSyncEvery setting: 90 s by default, never under 60 s
 * (spec core §9). */
export function autoSyncPeriod(autoSyncEvery: number | undefined): number {
  if (autoSyncEvery === undefined || !Number.isFinite(autoSyncEvery)) {
    return AUTO_SYNC_EVERY_DEFAULT;
  }
  return Math.max(AUTO_SYNC_EVERY_MIN, autoSyncEvery);
}

/** Whether a workspace syncs by itself: its autoSync flag is on or unset (spec core §4 rule 3). */
export function isAutoSyncOn(workspace: Pick<Workspace, 'autoSync'>): boolean {
  return workspace.autoSync !== false;
}

/** A timer delay lengthened at random by up to 20 % (spec core §9); `random()` is in [0, 1). */
export function jittered(delay: number, random: () => number): number {
  return Math.round(delay * (1 + TIMER_JITTER * random()));
}

/** What the scheduler needs; `period()` and `enabled()` are read at each tick, so that a change
 * of the setting or of the workspace flag counts from the next one. */
export interface AutoSyncOptions {
  timers: Timers;
  random(): number;
  period(): number;
  enabled(): boolean;
  /** Asks for a sync (a `SyncRequester.request`). */
  request(): void;
}

/** Requests a sync every period, randomised by up to +20 %, while auto-sync is on (rule S10). */
export class AutoSyncScheduler {
  private cancel: (() => void) | undefined;

  constructor(private readonly options: AutoSyncOptions) {}

  /** Starts ticking (again); the first request comes after one period. */
  start(): void {
    this.stop();
    const { timers, random, period } = this.options;
    this.cancel = timers.set(
      () => {
        if (this.options.enabled()) this.options.request();
        this.start();
      },
      jittered(period(), random),
    );
  }

  /** Stops ticking. */
  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}
