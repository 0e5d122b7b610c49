import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { itemIds } from '../items/item-ids.js';
import { MAX_TEXT_LENGTH } from '../constants.js';
import { type ContentItem, type FileItem } from '../items/types.js';
import { type ImportEntry, importEntries } from './import-entries.js';
import { readStackeditTrailer } from './stackedit-trailer.js';

// The trailers are as StackEdit wrote them at the end of markdown files found in public
// repositories (fixtures/stackedit/): base64 of UTF-8 JSON in lines of 50 characters.
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/stackedit/${name}.trailer`, import.meta.url), 'utf8');

/** A text whose characters 4209 to 4223 are "Georeferencing", where the discussion of the
 * fixture was opened, ending with a newline as StackEdit's files do before the trailer. */
function textAroundTheDiscussion(): string {
  const before = 'Georeferencing: the words around it. ±€ 北京\n'.repeat(200).slice(0, 4209);
  return `${before}Georeferencing is the subject of this section.\n\nThe end.\n`;
}

describe('StackEdit trailer', () => {
  it('becomes discussions and comments, the text before it kept byte for byte', () => {
    const text = textAroundTheDiscussion();
    const read = readStackeditTrailer(text + fixture('discussion-comment'));
    expect(read?.text).toBe(text);
    expect(read?.properties).toBeUndefined();
    expect(read?.discussions).toEqual({
      '5PylqcMUi0ud1GjV': { text: 'Georeferencing', start: 4209, end: 4223 },
    });
    expect(text.slice(4209, 4223)).toBe('Georeferencing');
    expect(read?.comments).toEqual({
      XQ4wPt26cuHNrKtx: {
        discussionId: '5PylqcMUi0ud1GjV',
        sub: 'gh:22168157',
        text: expect.stringMatching(/^This theory reads a little more like an exercise\..*them\.$/),
        created: 1686731362258,
      },
    });
  });

  it('becomes the properties, UTF-8 included; its history is not kept', () => {
    const read = readStackeditTrailer('# 多说\n\nText.\n' + fixture('properties-cjk'));
    expect(read?.text).toBe('# 多说\n\nText.\n');
    expect(read?.properties).toBe(
      "tags: 'blogger,多说'\nexcerpt: 为Blogger插入多说评论框，亲测成功。  1、获取多说代码 登陆多说后台——工具——获取代码——通用代码\ndate: '2017-02-09'\n",
    );
    expect(read).not.toHaveProperty('history');
    expect(readStackeditTrailer('Text\n' + fixture('preset-history'))?.properties).toBe(
      'extensions:\n  preset: gfm\n',
    );
  });

  it('leaves a text whole when its trailer does not read, or is not at its end', () => {
    const broken = 'Text\n<!--stackedit_data:\nnot base64 at all!\n-->';
    expect(readStackeditTrailer(broken)).toBeUndefined();
    // Base64, but not of JSON; and of JSON that is not an object.
    expect(readStackeditTrailer(`Text\n<!--stackedit_data:\n${btoa('hello')}\n-->`)).toBe(
      undefined,
    );
    expect(readStackeditTrailer(`Text\n<!--stackedit_data:\n${btoa('[1,2]')}\n-->`)).toBe(
      undefined,
    );
    // Quoted in the middle of a text, as in a note about StackEdit: not a trailer.
    const quoted = `Before\n${fixture('preset-history')}\nAfter\n`;
    expect(readStackeditTrailer(quoted)).toBeUndefined();
    expect(readStackeditTrailer('No trailer here.\n')).toBeUndefined();
  });

  it('passes over discussions and comments of the wrong shape, and keeps places in the text', () => {
    const data = {
      discussions: {
        a: { text: 'far', start: 90, end: 120 },
        b: { text: 'no place', start: 'x', end: 2 },
        c: 'not a discussion',
      },
      comments: {
        ok: { discussionId: 'a', sub: 'gh:1', text: 'Yes', created: 5 },
        orphan: { discussionId: 'b', sub: 'gh:1', text: 'Lost', created: 5 },
        shapeless: { discussionId: 'a', text: 'No sub', created: 5 },
      },
    };
    const trailer = `<!--stackedit_data:\n${btoa(JSON.stringify(data))}\n-->`;
    const read = readStackeditTrailer(`Twelve chars${trailer}`);
    expect(read?.discussions).toEqual({ a: { text: 'far', start: 12, end: 12 } });
    expect(Object.keys(read?.comments ?? {})).toEqual(['ok']);
  });
});

describe('importing a file written by StackEdit', () => {
  it('makes a file of the text alone, with its properties, discussions and comments', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    let n = 0;
    const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
    const text = textAroundTheDiscussion();
    const entry: ImportEntry = {
      kind: 'text',
      path: 'Georeferencing.md',
      label: 'Georeferencing.md',
      read: () => Promise.resolve(text + fixture('discussion-comment')),
    };
    const report = await importEntries(repo, newId, [entry]);
    expect(report.files.map((file) => file.name)).toEqual(['Georeferencing']);
    const [file] = (await repo.getAll('file')) as FileItem[];
    const content = await repo.get<ContentItem>(itemIds.content(file!.id));
    expect(content?.text).toBe(text);
    expect(content?.discussions['5PylqcMUi0ud1GjV']).toEqual({
      text: 'Georeferencing',
      start: 4209,
      end: 4223,
    });
    expect(Object.values(content?.comments ?? {})).toEqual([
      expect.objectContaining({ discussionId: '5PylqcMUi0ud1GjV', sub: 'gh:22168157' }),
    ]);
  });

  it('gives the properties to a file without discussions', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    let n = 0;
    const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
    await importEntries(repo, newId, [
      {
        kind: 'text',
        path: 'Notes.md',
        label: 'Notes.md',
        read: () => Promise.resolve('# Notes\n' + fixture('preset-history')),
      },
    ]);
    const [file] = (await repo.getAll('file')) as FileItem[];
    const content = await repo.get<ContentItem>(itemIds.content(file!.id));
    expect(content?.text).toBe('# Notes\n');
    expect(content?.properties).toBe('extensions:\n  preset: gfm\n');
    expect(content?.discussions).toEqual({});
  });

  it('gives each part of a text too long for one file the discussions that start in it', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    let n = 0;
    const newId = () => `id${String((n += 1)).padStart(14, '0')}`;
    const line = 'A line of the long manuscript, with a word to discuss.\n';
    const text = line.repeat(Math.ceil((MAX_TEXT_LENGTH + 1000) / line.length));
    const word = line.indexOf('word');
    const late = text.length - line.length + word;
    const data = {
      discussions: {
        early: { text: 'word', start: word, end: word + 4 },
        late: { text: 'word', start: late, end: late + 4 },
      },
      comments: {
        one: { discussionId: 'early', sub: 'gh:1', text: 'First', created: 1 },
        two: { discussionId: 'late', sub: 'gh:1', text: 'Last', created: 2 },
      },
    };
    const trailer = `<!--stackedit_data:\n${btoa(JSON.stringify(data))}\n-->`;
    const report = await importEntries(repo, newId, [
      {
        kind: 'text',
        path: 'Novel.md',
        label: 'Novel.md',
        read: () => Promise.resolve(text + trailer),
      },
    ]);
    expect(report.split).toEqual([{ label: 'Novel.md', parts: 2 }]);
    const contents = await Promise.all(
      report.files.map((file) => repo.get<ContentItem>(itemIds.content(file.id))),
    );
    expect(contents.map((content) => content!.text).join('')).toBe(text);
    const [first, second] = contents;
    expect(first!.discussions).toEqual({ early: { text: 'word', start: word, end: word + 4 } });
    expect(Object.keys(first!.comments)).toEqual(['one']);
    const shifted = late - first!.text.length;
    expect(second!.discussions).toEqual({
      late: { text: 'word', start: shifted, end: shifted + 4 },
    });
    expect(second!.text.slice(shifted, shifted + 4)).toBe('word');
    expect(Object.keys(second!.comments)).toEqual(['two']);
  });
});
