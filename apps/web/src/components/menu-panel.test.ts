import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, syncStateText } from './menu-panel';

// The menu entries of spec interface §2, in its order.
const SPEC_ENTRIES = [
  'Sign in',
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

describe('main menu', () => {
  it("names its entries as the spec does, in the spec's order", () => {
    const names = MENU_ENTRIES.map((entry) => entry.name);
    expect(names.every((name) => SPEC_ENTRIES.includes(name))).toBe(true);
    const positions = names.map((name) => SPEC_ENTRIES.indexOf(name));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('says the sync state of the workspace', () => {
    expect(syncStateText(undefined)).toBe('not synced');
    expect(syncStateText('owner/repo')).toBe('synced with owner/repo');
  });
});
