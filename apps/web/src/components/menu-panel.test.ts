import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, syncStateText } from './menu-panel';

// The menu entries of spec interface §2, in its order, with ours: 'Sign in with Gitee' after
// GitHub's (the main workspace kept on Gitee), then 'Sign in with Google' (kept in Drive).
const SPEC_ENTRIES = [
  'Sign in with GitHub',
  'Sign in with Gitee',
  'Sign in with Google',
  'Workspaces',
  'Synchronize',
  'Publish',
  'History',
  'File properties',
  'Table of contents',
  'Markdown cheat sheet',
  'Import/export',
  'Print',
  'Badges',
  'Accounts',
  'Templates',
  'Edit area theme',
  'Preview area theme',
  'Settings',
  'Workspace backups',
  'Reset application',
  'About',
];

/** The menu's counts in a fresh browser: one workspace, the seven templates, nothing else. */
const COUNTS = {
  workspaces: 1,
  syncLocations: 0,
  templates: 7,
  accounts: 0,
  badges: { earned: 0, total: 1 },
  signedIn: false,
};

describe('main menu', () => {
  it('has every entry of the spec, named as the spec names them, in its order', () => {
    expect(MENU_ENTRIES.map((entry) => entry.name)).toEqual(SPEC_ENTRIES);
  });

  it('opens the History panel', () => {
    const entry = MENU_ENTRIES.find((candidate) => candidate.name === 'History')!;
    const dispatched: unknown[] = [];
    const dispatch = (action: unknown) => {
      dispatched.push(action);
      return action;
    };
    entry.perform?.(dispatch as never, {} as never);
    expect(dispatched).toEqual([{ type: 'layout/sideBarPanelChosen', payload: 'history' }]);
  });

  it('opens Templates, counting the templates', () => {
    const entry = MENU_ENTRIES.find((candidate) => candidate.name === 'Templates')!;
    expect(entry.perform).toBeDefined();
    expect(entry.count?.({ ...COUNTS, templates: 8 })).toBe(8);
  });

  it('opens Manage badges, saying how many are earned of all', () => {
    const entry = MENU_ENTRIES.find((candidate) => candidate.name === 'Badges')!;
    expect(entry.perform).toBeDefined();
    expect(entry.count?.({ ...COUNTS, badges: { earned: 3, total: 95 } })).toBe('3/95');
  });

  it('offers Sign in with GitHub only while signed out, and counts the linked accounts', () => {
    const signIn = MENU_ENTRIES.find((candidate) => candidate.name === 'Sign in with GitHub')!;
    const accounts = MENU_ENTRIES.find((candidate) => candidate.name === 'Accounts')!;
    const counts = { ...COUNTS, accounts: 2 };
    expect(signIn.perform).toBeDefined();
    expect(signIn.hidden?.(counts)).toBe(false);
    expect(signIn.hidden?.({ ...counts, signedIn: true })).toBe(true);
    expect(accounts.perform).toBeDefined();
    expect(accounts.count?.(counts)).toBe(2);
  });

  it('offers Sign in with Gitee only while nobody is signed in, with GitHub or Gitee', () => {
    const signIn = MENU_ENTRIES.find((candidate) => candidate.name === 'Sign in with Gitee')!;
    const counts = COUNTS;
    expect(signIn.perform).toBeDefined();
    expect(signIn.hidden?.(counts)).toBe(false);
    expect(signIn.hidden?.({ ...counts, signedIn: true })).toBe(true);
  });

  it('says the sync state of the workspace', () => {
    expect(syncStateText(undefined)).toBe('not synced');
    expect(syncStateText('owner/repo')).toBe('synced with owner/repo');
  });
});
