import { describe, expect, it } from 'vitest';
import { GITLAB_ANONYMOUS_LIMIT, GITLAB_SIGNED_IN_LIMIT, GitLabRateLimits } from './rate-limits.js';

describe("GitLab's API budgets", () => {
  it("refuses a signed-in user's 2,001st request of a minute, as GitLab.com does", () => {
    const limits = new GitLabRateLimits(() => 120_000);
    for (let i = 0; i < GITLAB_SIGNED_IN_LIMIT; i += 1)
      expect(limits.take(7, true).exceeded).toBe(false);
    const refused = limits.take(7, true);
    expect(refused.exceeded).toBe(true);
    expect(refused.retryAfter).toBe(60);
    expect(limits.take(8, true).exceeded).toBe(false);
  });

  it("takes a self-managed instance's own budget for signed-in users, not for anonymous ones", () => {
    const limits = new GitLabRateLimits(() => 120_000, 5_000);
    for (let i = 0; i < 3_000; i += 1) limits.take(7, true);
    expect(limits.take(7, true).exceeded).toBe(false);
    for (let i = 0; i < GITLAB_ANONYMOUS_LIMIT; i += 1) limits.take('10.0.0.1', false);
    expect(limits.take('10.0.0.1', false).exceeded).toBe(true);
  });
});
