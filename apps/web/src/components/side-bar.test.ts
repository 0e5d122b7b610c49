import { describe, expect, it } from 'vitest';
import { shownPanel } from './side-bar';

describe('side bar panels', () => {
  it('shows a known panel, and the menu for any other name', () => {
    expect(shownPanel('toc')).toBe('toc');
    expect(shownPanel('workspaceBackups')).toBe('workspaceBackups');
    expect(shownPanel('importExport')).toBe('importExport');
    expect(shownPanel('help')).toBe('help');
    expect(shownPanel('editTheme')).toBe('editTheme');
    expect(shownPanel('previewTheme')).toBe('previewTheme');
    expect(shownPanel('publish')).toBe('publish');
    expect(shownPanel('history')).toBe('history');
    expect(shownPanel('badges')).toBe('menu');
    expect(shownPanel('constructor')).toBe('menu');
    expect(shownPanel('')).toBe('menu');
  });
});
