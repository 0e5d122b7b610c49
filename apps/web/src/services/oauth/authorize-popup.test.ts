import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authorizeInPopup,
  AuthorizeSuperseded,
  type OpenerPort,
  type PopupWindow,
  type ReceivedMessage,
} from './authorize-popup';
import { callbackMessage } from './callback-message';
import { AUTHORIZE_TIMEOUT } from './constants';

const APP = 'https://inkstone.example.org';

// A page that opens windows: the popup it opened, and the messages it receives.
function fakeOpener(blocked = false) {
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) } as PopupWindow & {
    closed: boolean;
    close: ReturnType<typeof vi.fn>;
  };
  const listeners = new Set<(message: ReceivedMessage) => void>();
  const opened: string[] = [];
  const opener: OpenerPort = {
    origin: APP,
    open: (url) => {
      opened.push(url);
      return blocked ? null : popup;
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const post = (data: unknown, origin = APP, source: unknown = popup) => {
    for (const listener of [...listeners]) listener({ origin, source, data });
  };
  return { opener, popup, post, opened, listeners };
}

const timers = {
  set: (fn: () => void, ms: number) => {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
  now: () => Date.now(),
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('authorizeInPopup (spec core §4, §5 "OAuth", §8)', () => {
  it('opens the authorize page and gives the code the callback page posts with the same state', async () => {
    const { opener, post, opened, listeners } = fakeOpener();
    const answer = authorizeInPopup('https://github.example/login/oauth/authorize?state=s1', 's1', {
      opener,
      timers,
    });
    expect(opened).toEqual(['https://github.example/login/oauth/authorize?state=s1']);
    post(callbackMessage(`${APP}/oauth2/callback?code=c0de&state=s1`));
    await expect(answer).resolves.toEqual({ code: 'c0de' });
    expect(listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores answers from another origin, another window or with another state', async () => {
    const { opener, post } = fakeOpener();
    const answer = authorizeInPopup('https://github.example/authorize', 'right', {
      opener,
      timers,
    });
    const good = callbackMessage(`${APP}/oauth2/callback?code=good&state=right`);
    post(good, 'https://evil.example');
    post(good, APP, { another: 'window' });
    post(callbackMessage(`${APP}/oauth2/callback?code=stale&state=wrong`));
    post({ type: 'something-else', code: 'x', state: 'right' });
    post({ ...good, code: 42 });
    post(good);
    await expect(answer).resolves.toEqual({ code: 'good' });
  });

  it("fails with 'Could not get required authorization.' when the provider answers an error", async () => {
    const { opener, post } = fakeOpener();
    const answer = authorizeInPopup('https://github.example/authorize', 's', { opener, timers });
    post(callbackMessage(`${APP}/oauth2/callback?error=access_denied&state=s`));
    await expect(answer).rejects.toThrow('Could not get required authorization.');
  });

  it("fails with 'The authorize window was blocked.' when no window opens", async () => {
    const { opener } = fakeOpener(true);
    await expect(
      authorizeInPopup('https://github.example/authorize', 's', { opener, timers }),
    ).rejects.toThrow('The authorize window was blocked.');
  });

  it("fails with 'Authorize window was closed.' soon after the user closes the window", async () => {
    const { opener, popup } = fakeOpener();
    const answer = authorizeInPopup('https://github.example/authorize', 's', { opener, timers });
    const failed = expect(answer).rejects.toThrow('Authorize window was closed.');
    await vi.advanceTimersByTimeAsync(2_000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes an answer posted just before the window closed itself', async () => {
    const { opener, popup, post } = fakeOpener();
    const answer = authorizeInPopup('https://github.example/authorize', 's', { opener, timers });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    post(callbackMessage(`${APP}/oauth2/callback?code=late&state=s`));
    await expect(answer).resolves.toEqual({ code: 'late' });
  });

  it("fails with 'Timeout.' after 6 minutes and closes the window", async () => {
    const { opener, popup } = fakeOpener();
    const answer = authorizeInPopup('https://github.example/authorize', 's', { opener, timers });
    const failed = expect(answer).rejects.toThrow('Timeout.');
    await vi.advanceTimersByTimeAsync(AUTHORIZE_TIMEOUT - 1_000);
    expect(popup.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
    expect(popup.close).toHaveBeenCalled();
    expect(AUTHORIZE_TIMEOUT).toBe(360_000);
  });

  it('drops, without a word, an authorisation a newer one took the window from', async () => {
    const { opener, post } = fakeOpener();
    const first = authorizeInPopup('https://github.example/authorize', 'one', { opener, timers });
    const second = authorizeInPopup('https://github.example/authorize', 'two', { opener, timers });
    await expect(first).rejects.toBeInstanceOf(AuthorizeSuperseded);
    post(callbackMessage(`${APP}/oauth2/callback?code=c2&state=two`));
    await expect(second).resolves.toEqual({ code: 'c2' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
