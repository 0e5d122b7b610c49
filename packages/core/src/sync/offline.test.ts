import { describe, expect, it } from 'vitest';
import { FakeTimers } from '../testing/fake-timers.js';
import { HttpError, NetworkError } from './http-client.js';
import { OfflineDetector } from './offline.js';

const setup = () => {
  const timers = new FakeTimers();
  const state = { reachable: true, active: true, checks: 0 };
  const events: string[] = [];
  const detector = new OfflineDetector({
    timers,
    check: () => {
      state.checks += 1;
      return state.reachable ? Promise.resolve(true) : Promise.reject(new Error('no script'));
    },
    isUserActive: () => state.active,
    random: () => 0.5,
    onChange: (_offline, message) => events.push(message),
  });
  return { timers, state, events, detector };
};

describe('OfflineDetector (S9)', () => {
  it('goes offline on the browser status and tells each change once', () => {
    const { detector, events } = setup();
    detector.networkStatus(false);
    detector.networkStatus(false);
    expect(detector.offline).toBe(true);
    detector.networkStatus(true);
    expect(events).toEqual(['You are offline.', 'You are back online!']);
  });

  it('goes offline on a request time-out (S9), not on an HTTP error or a refused connection', () => {
    const { detector } = setup();
    detector.requestFailed(new HttpError(503, '', { get: () => null }));
    expect(detector.offline).toBe(false);
    detector.requestFailed(new NetworkError('failed'));
    expect(detector.offline).toBe(false);
    detector.requestFailed(new NetworkError('timeout'));
    expect(detector.offline).toBe(true);
  });

  it('checks about every 30 s plus up to 5 s while the user is active', async () => {
    const { detector, timers, state, events } = setup();
    detector.start();
    await timers.advance(32_499);
    expect(state.checks).toBe(0);
    await timers.advance(1);
    expect(state.checks).toBe(1);
    state.reachable = false;
    await timers.advance(32_500);
    expect(events).toEqual(['You are offline.']);
    state.active = false;
    state.reachable = true;
    await timers.advance(32_500);
    expect(events).toEqual(['You are offline.', 'You are back online!']);
    const checks = state.checks;
    await timers.advance(100_000);
    expect(state.checks).toBe(checks);
    detector.stop();
  });
});
