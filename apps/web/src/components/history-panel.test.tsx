// @vitest-environment jsdom
import { LocalHistory, MemoryDatabase } from '@inkstone/core';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localRevisionSource, type RevisionSource } from '../history/revision-source';
import {
  HISTORY_OFF,
  HistoryView,
  type HistoryViewProps,
  LIST_FAILED,
  LOAD_FAILED,
  NO_HISTORY,
  type RevisionEditor,
} from './history-panel';
import { dialogHarness } from '../testing/dialog-harness';

const ui = dialogHarness();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 28, 12);

afterEach(() => {});

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

async function show({ source, ...props }: Partial<HistoryViewProps> & { source?: RevisionSource }) {
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
    sources: source ? [source] : [],
    ...props,
  };
  ui.render(<HistoryView {...full} />);
  await act(async () => {});
  return { editor, errors };
}

const buttons = (name: string) =>
  [...ui.host.querySelectorAll('button')].filter((button) => button.textContent === name);
const revisionButtons = () => [...ui.host.querySelectorAll('ol li .history-panel__revision')];
const click = (element: Element) =>
  act(async () => {
    (element as HTMLElement).click();
  });

describe('History panel', () => {
  it('is a region named History saying when the file has no history', async () => {
    await show({ source: localRevisionSource(await historyWith([])) });
    const region = ui.host.querySelector('section')!;
    expect(region.getAttribute('aria-label')).toBe('History');
    expect(region.textContent).toBe(NO_HISTORY('Notes'));
  });

  it('lists revisions newest first, relative times with the date in a title, spaced beyond 6 hours', async () => {
    await show({
      source: localRevisionSource(await historyWith([3 * MINUTE, 2 * HOUR, 9 * HOUR])),
    });
    expect(ui.host.querySelector('ol')?.getAttribute('aria-label')).toBe('Revisions');
    const times = revisionButtons().map(
      (button) => button.querySelector('.history-panel__time')?.textContent,
    );
    expect(times).toEqual(['3 minutes ago', '2 hours ago', '9 hours ago']);
    expect(revisionButtons()[0]!.getAttribute('title')).toBe(
      new Date(NOW - 3 * MINUTE).toLocaleString(),
    );
    // 2 h → 9 h is 7 hours apart: a spacer before the third only.
    const items = [...ui.host.querySelectorAll('ol > li')];
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
    const group = ui.host.querySelector('[role="group"]')!;
    expect(group.getAttribute('aria-label')).toBe('Revision shown');
    expect(group.textContent).toContain('1 insertion and 2 deletions');
    await click(buttons('Close revision')[0]!);
    expect(editor.calls.at(-1)).toBe('close');
    expect(ui.host.querySelector('[role="group"]')).toBeNull();

    await click(revisionButtons()[0]!);
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(editor.calls.slice(-2)).toEqual(['show "Version 1\\n"', 'close']);
    expect(ui.host.querySelector('[role="group"]')).toBeNull();
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
    expect(ui.host.querySelector('[role="group"]')).toBeNull();
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
    expect(errors).toEqual([`${LIST_FAILED('Notes', 'test')} database closed`]);
    expect(ui.host.textContent).toContain(LIST_FAILED('Notes', 'test'));
    fail = false;
    await click(buttons('Retry')[0]!);
    expect(revisionButtons()).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('shows the spec message instead when local history is off', async () => {
    await show({ enabled: false });
    expect(ui.host.textContent).toBe(HISTORY_OFF('Notes'));
    expect(ui.host.textContent).toBe(
      'Synchronize Notes to enable revision history or sign in with GitHub to synchronize your main workspace.',
    );
  });
});

// A provider's revisions as a source: commits with messages and authors, read from a map.
function remoteSource(
  name: string,
  revisions: { id: string; age: number; text: string; message?: string; sub?: string }[],
  fail: { list?: () => boolean; load?: () => boolean } = {},
): RevisionSource {
  return {
    name,
    list: async () => {
      if (fail.list?.()) throw new Error('Bad credentials');
      return revisions.map(({ id, age, message, sub }) => ({
        id,
        created: NOW - age,
        ...(message ? { message } : {}),
        ...(sub ? { sub } : {}),
      }));
    },
    load: async (_fileId, id) => {
      if (fail.load?.()) throw new Error('Not Found');
      return revisions.find((revision) => revision.id === id)!.text;
    },
  };
}

const entryTexts = () => revisionButtons().map((button) => button.textContent);

describe('History panel with a provider’s revisions', () => {
  it('merges this browser’s and the provider’s revisions newest first, each saying where it is from, who and which commit', async () => {
    const history = await historyWith([2 * MINUTE, 3 * HOUR]);
    const github = remoteSource('GitHub', [
      { id: 'c2', age: HOUR, text: 'Committed\n', message: 'Doc.md updated\n\nMore.', sub: '7' },
      { id: 'c1', age: 2 * 24 * HOUR, text: 'First\n', message: 'Doc.md created', sub: '8' },
    ]);
    await show({
      sources: [localRevisionSource(history), github],
      userName: (sub) => (sub === '7' ? 'alice' : undefined),
    });
    expect(entryTexts()).toEqual([
      '2 minutes ago · This browser10 characters',
      'an hour ago · GitHubDoc.md updatedby alice',
      '3 hours ago · This browser10 characters',
      '2 days ago · GitHubDoc.md createdby Someone',
    ]);
    // 3 hours → 2 days: a spacer before the last.
    const items = [...ui.host.querySelectorAll('ol > li')];
    expect(items.map((item) => item.querySelector('.history-panel__spacer') !== null)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('loads a provider revision, shows it, and restores it as a local one is, keeping the text it replaces', async () => {
    const history = await historyWith([2 * MINUTE]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const github = remoteSource('GitHub', [
      { id: 'c1', age: HOUR, text: 'From GitHub\n', message: 'Doc.md created' },
    ]);
    const slow: RevisionSource = {
      ...github,
      load: async (fileId, id) => {
        await gate;
        return github.load(fileId, id);
      },
    };
    const confirmed: string[] = [];
    const { editor } = await show({
      sources: [localRevisionSource(history), slow],
      confirmRestore: async (name) => {
        confirmed.push(name);
        return true;
      },
      keepBeforeRestore: (fileId, text) => history.snapshot(fileId, text, 'restore'),
    });
    await click(revisionButtons()[1]!);
    // While it loads: said, and no other revision can be chosen.
    expect(ui.host.querySelector('[role="status"]')?.textContent).toBe('Loading the revision…');
    expect(revisionButtons().every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    await act(async () => release());
    expect(editor.calls).toEqual(['show "From GitHub\\n"']);
    expect(ui.host.querySelector('[role="group"]')!.textContent).toContain('(GitHub)');
    await click(buttons('Restore')[0]!);
    await act(async () => {});
    expect(confirmed).toEqual(['Notes']);
    expect(editor.text).toBe('From GitHub\n');
    // The text replaced is this browser's newest revision, listed first.
    expect(await history.text((await history.list('f'))[0]!.id)).toBe('Now\n');
    expect(entryTexts()[0]).toBe('a few seconds ago · This browser4 characters');
  });

  it('says a provider’s list failed with its error, keeps listing this browser’s, and Retry lists the provider’s', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const github = remoteSource(
      'GitHub',
      [{ id: 'c1', age: HOUR, text: 'Old\n', message: 'Doc.md created' }],
      { list: () => fail },
    );
    const { errors } = await show({
      sources: [localRevisionSource(await historyWith([2 * MINUTE])), github],
    });
    expect(errors).toEqual([`${LIST_FAILED('Notes', 'GitHub')} Bad credentials`]);
    expect(entryTexts()).toEqual(['2 minutes ago · This browser10 characters']);
    expect(ui.host.textContent).toContain(LIST_FAILED('Notes', 'GitHub'));
    const retry = ui.host.querySelector('button[aria-label="Retry GitHub"]')!;
    expect(retry.textContent).toBe('Retry');
    fail = false;
    await click(retry);
    expect(entryTexts()).toHaveLength(2);
    expect(ui.host.textContent).not.toContain(LIST_FAILED('Notes', 'GitHub'));
    vi.restoreAllMocks();
  });

  it('says a provider revision could not be read, with its error, and Retry reads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const github = remoteSource(
      'GitHub',
      [{ id: 'c1', age: HOUR, text: 'Old\n', message: 'Doc.md created' }],
      { load: () => fail },
    );
    const { editor, errors } = await show({ sources: [github] });
    await click(revisionButtons()[0]!);
    expect(errors).toEqual([`${LOAD_FAILED} Not Found`]);
    expect(editor.calls).toEqual([]);
    fail = false;
    await click(buttons('Retry')[0]!);
    expect(editor.calls).toEqual(['show "Old\\n"']);
    vi.restoreAllMocks();
  });

  it('with local history off, lists the provider’s revisions alone', async () => {
    const github = remoteSource('GitHub', [{ id: 'c1', age: HOUR, text: 'Old\n' }]);
    await show({ sources: [github], enabled: false });
    expect(ui.host.textContent).not.toContain(HISTORY_OFF('Notes'));
    expect(entryTexts()).toEqual(['an hour ago']);
  });
});
