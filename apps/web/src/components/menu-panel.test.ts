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
  it('has every entry of the spec, named as the spec names them, in its order', () => {
    expect(MENU_ENTRIES.map((entry) => entry.name)).toEqual(SPEC_ENTRIES);
  });

  it('opens Templates, counting the templates', () => {
    const entry = MENU_ENTRIES.find((candidate) => candidate.name === 'Templates')!;
    expect(entry.perform).toBeDefined();
    expect(entry.count?.({ workspaces: 1, syncLocations: 0, templates: 8 })).toBe(8);
  });

  it('says the sync state of the workspace', () => {
    expect(syncStateText(undefined)).toBe('not synced');
    expect(syncStateText('owner/repo')).toBe('synced with owner/repo');
  });
});
