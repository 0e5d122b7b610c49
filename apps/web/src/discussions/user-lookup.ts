import { UNKNOWN_AUTHOR } from '@inkstone/core';
import { useSyncExternalStore } from 'react';
import { type UserInfo } from './user-info';

/**
 * Other people's names and avatars, for the comments they wrote (spec interface §3 "User
 * info"). A comment names its author by the sub of their sign-in; a GitHub sub (an account id)
 * is asked of GitHub's public API, `GET /user/{account_id}`, once per page; a Google or Gitee sub
 * cannot be asked (their APIs tell only the signed-in user), nor can any while offline: those
 * show 'Someone'. Answers stay for the page's life; a failed ask is not repeated.
 */
export class UserLookup {
  private readonly known = new Map<string, UserInfo | 'asking'>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    private readonly apiUrl: () => string,
    private readonly send: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** What is known of `sub` now; undefined while unknown (its ask starts, once). */
  infoOf(sub: string): UserInfo | undefined {
    const known = this.known.get(sub);
    if (known !== undefined) return known === 'asking' ? undefined : known;
    if (!/^\d+$/.test(sub)) return undefined;
    this.known.set(sub, 'asking');
    this.ask(sub)
      .then((info) => this.settle(sub, info))
      .catch(() => this.settle(sub, { name: UNKNOWN_AUTHOR }));
    return undefined;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;

  private async ask(sub: string): Promise<UserInfo> {
    const response = await this.send(`${this.apiUrl()}/user/${sub}`, {
      headers: { accept: 'application/vnd.github+json' },
    });
    if (!response.ok) return { name: UNKNOWN_AUTHOR };
    const body = (await response.json()) as {
      login?: unknown;
      name?: unknown;
      avatar_url?: unknown;
    };
    const name =
      typeof body.name === 'string' && body.name.trim() !== ''
        ? body.name
        : typeof body.login === 'string'
          ? body.login
          : UNKNOWN_AUTHOR;
    return typeof body.avatar_url === 'string' && /^https?:\/\//.test(body.avatar_url)
      ? { name, imageUrl: body.avatar_url }
      : { name };
  }

  private settle(sub: string, info: UserInfo): void {
    this.known.set(sub, info);
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

/** Re-renders when a looked-up user becomes known. */
export function useUserLookups(lookup: UserLookup): number {
  return useSyncExternalStore(lookup.subscribe, lookup.snapshot, lookup.snapshot);
}
