// @vitest-environment jsdom
import { LocalHistory, MemoryDatabase } from '@inkstone/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localRevisionSource, type RevisionSource } from '../history/revision-source';
import {
  HISTORY_OFF,
  HistoryView,
  type HistoryViewProps,
  LIST_FAILED,
  NO_HISTORY,
  type RevisionEditor,
} from './history-panel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 28, 12);

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

// A workspace's local history with revisions of file 'f' taken at the given ages.
async function historyWith(ages: number[], text = (index: number) => `Version ${index}\n`) {
  const repo = new MemoryDatabase('inkstone-db').connect();
  let now = NOW;
  let next = 0;
  const history = new LocalHistory(repo, {
    newId: () => `rev${(next += 1)}`,
    settings: () => ({ local: true, maxBytes: 100_000_000 }),
    now: () => now,
  });
  // Oldest first, as they would have been taken.
  const sorted = [...ages].sort((a, b) => b - a);
  for (const [index, age] of sorted.entries()) {
    now = NOW - age;
    await history.snapshot('f', text(index), 'pause');
  }
  now = NOW;
  return history;
}

// The editor as the panel sees it: the text now, and what was asked of it.
function editorWith(text: string) {
  const calls: string[] = [];
  const editor: RevisionEditor & { text: string; calls: string[] } = {
    text,
    calls,
    showRevision: (revision) => {
      calls.push(`show ${JSON.stringify(revision)}`);
      return { insertions: 1, deletions: 2 };
    },
    closeRevision: () => calls.push('close'),
    currentText: () => editor.text,
    replaceText: (replacement) => {
      calls.push(`replace ${JSON.stringify(replacement)}`);
      editor.text = replacement;
    },
  };
  return editor;
}

async function show(props: Partial<HistoryViewProps> & { source: RevisionSource }) {
  const editor = editorWith('Now\n');
  const errors: string[] = [];
  const full: HistoryViewProps = {
    fileId: 'f',
    fileName: 'Notes',
    enabled: true,
    editor: () => editor,
    confirmRestore: async () => true,
    keepBeforeRestore: async () => undefined,
    notifyError: (message) => errors.push(message),
    now: () => NOW,
    ...props,
  };
  await act(async () => root.render(<HistoryView {...full} />));
  await act(async () => {});
  return { editor, errors };
}

const buttons = (name: string) =>
  [...host.querySelectorAll('button')].filter((button) => button.textContent === name);
const revisionButtons = () => [...host.querySelectorAll('ol li .history-panel__revision')];
const click = (element: Element) =>
  act(async () => {
    (element as HTMLElement).click();
  });

describe('History panel', () => {
  it('is a region named History saying when the file has no history', async () => {
    await show({ source: localRevisionSource(await historyWith([])) });
    const region = host.querySelector('section')!;
    expect(region.getAttribute('aria-label')).toBe('History');
    expect(region.textContent).toBe(NO_HISTORY('Notes'));
  });

  it('lists revisions newest first, relative times with the date in a title, spaced beyond 6 hours', async () => {
    await show({
      source: localRevisionSource(await historyWith([3 * MINUTE, 2 * HOUR, 9 * HOUR])),
    });
    expect(host.querySelector('ol')?.getAttribute('aria-label')).toBe('Revisions');
    const times = revisionButtons().map(
      (button) => button.querySelector('.history-panel__time')?.textContent,
    );
    expect(times).toEqual(['3 minutes ago', '2 hours ago', '9 hours ago']);
    expect(revisionButtons()[0]!.getAttribute('title')).toBe(
      new Date(NOW - 3 * MINUTE).toLocaleString(),
    );
    // 2 h → 9 h is 7 hours apart: a spacer before the third only.
    const items = [...host.querySelectorAll('ol > li')];
    expect(items.map((item) => item.querySelector('.history-panel__spacer') !== null)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('shows 30 revisions, and More adds 30', async () => {
    const ages = Array.from({ length: 65 }, (_, index) => index * 30_000);
    await show({ source: localRevisionSource(await historyWith(ages)) });
    expect(revisionButtons()).toHaveLength(30);
    await click(buttons('More')[0]!);
    expect(revisionButtons()).toHaveLength(60);
    await click(buttons('More')[0]!);
    expect(revisionButtons()).toHaveLength(65);
    expect(buttons('More')).toHaveLength(0);
  });

  it('shows a chosen revision until Close revision or Escape', async () => {
    const { editor } = await show({
      source: localRevisionSource(await historyWith([HOUR, 2 * HOUR])),
    });
    // The older one: the second of the list.
    await click(revisionButtons()[1]!);
    expect(editor.calls).toEqual(['show "Version 0\\n"']);
    expect(revisionButtons()[1]!.getAttribute('aria-pressed')).toBe('true');
    const group = host.querySelector('[role="group"]')!;
    expect(group.getAttribute('aria-label')).toBe('Revision shown');
    expect(group.textContent).toContain('1 insertion and 2 deletions');
    await click(buttons('Close revision')[0]!);
    expect(editor.calls.at(-1)).toBe('close');
    expect(host.querySelector('[role="group"]')).toBeNull();

    await click(revisionButtons()[0]!);
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(editor.calls.slice(-2)).toEqual(['show "Version 1\\n"', 'close']);
    expect(host.querySelector('[role="group"]')).toBeNull();
  });

  it('restores a revision once confirmed, keeping the text it replaces in the history', async () => {
    const history = await historyWith([HOUR, 2 * HOUR]);
    let answer = false;
    const confirmed: string[] = [];
    const { editor } = await show({
      source: localRevisionSource(history),
      confirmRestore: async (name) => {
        confirmed.push(name);
        return answer;
      },
      keepBeforeRestore: (fileId, text) => history.snapshot(fileId, text, 'restore'),
    });
    await click(revisionButtons()[1]!);
    await click(buttons('Restore')[0]!);
    // Cancelled: nothing changed.
    expect(confirmed).toEqual(['Notes']);
    expect(editor.text).toBe('Now\n');
    answer = true;
    await click(buttons('Restore')[0]!);
    await act(async () => {});
    expect(editor.text).toBe('Version 0\n');
    expect(host.querySelector('[role="group"]')).toBeNull();
    // The text before the restore is the newest revision now, listed first.
    const list = await history.list('f');
    expect(list).toHaveLength(3);
    expect(await history.text(list[0]!.id)).toBe('Now\n');
    expect(revisionButtons()).toHaveLength(3);
  });

  it('says when the list cannot be read, and tries again on Retry', async () => {
    let fail = true;
    const source: RevisionSource = {
      name: 'test',
      list: async () => {
        if (fail) throw new Error('database closed');
        return [{ id: 'r', created: NOW - MINUTE, length: 4 }];
      },
      load: async () => 'Old\n',
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { errors } = await show({ source });
    expect(errors).toEqual([LIST_FAILED('Notes')]);
    expect(host.textContent).toContain(LIST_FAILED('Notes'));
    fail = false;
    await click(buttons('Retry')[0]!);
    expect(revisionButtons()).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('shows the spec message instead when local history is off', async () => {
    await show({ source: localRevisionSource(await historyWith([HOUR])), enabled: false });
    expect(host.textContent).toBe(HISTORY_OFF('Notes'));
    expect(host.textContent).toBe(
      'Synchronize Notes to enable revision history or sign in with GitHub to synchronize your main workspace.',
    );
  });
});
