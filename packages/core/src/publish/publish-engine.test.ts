import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { withHash } from '../items/hash.js';
import { type FileItem } from '../items/types.js';
import { UploadCancelledError } from '../sync/commit-message.js';
import {
  PUBLISH_NOT_POSSIBLE,
  publicationLocationAdded,
  publishedTo,
  tempFileNotPublished,
} from './constants.js';
import { publishFile } from './publish-engine.js';
import { addPublishLocation } from './publish-location.js';
import { type Publisher, type PublishLocation } from './publisher.js';

// A publisher keeping what it is given in memory, as a blog or a drive would keep it remotely;
// `failOn` fails the uploads to one location.
function memoryPublisher(commits: boolean) {
  const uploads: { locationId: string; content: string; message?: string }[] = [];
  let failOn: string | undefined;
  const publisher: Publisher = {
    commits,
    async publish(location, document, message) {
      if (location.id === failOn) throw new Error('HTTP error 500 on Memory location.');
      uploads.push({ locationId: location.id, content: document.content, message });
      return { url: `memory://${location.id}` };
    },
  };
  return { publisher, uploads, fail: (id: string | undefined) => (failOn = id) };
}

async function setup(parentId: string | null = null) {
  const repository = new MemoryDatabase('publish').connect();
  await repository.put([withHash<FileItem>({ id: 'f', type: 'file', name: 'Notes', parentId })]);
  let text = 'first';
  const renders: string[] = [];
  const git = memoryPublisher(true);
  const blog = memoryPublisher(false);
  let ids = 0;
  const add = (providerId: string, templateId = 'plainHtml') =>
    addPublishLocation(repository, 'f', { providerId, templateId, fields: {} }, () => `p${++ids}`);
  let answer: string | undefined = 'Publish notes';
  let asked = 0;
  const publish = () =>
    publishFile('f', {
      repository,
      publishers: { git: git.publisher, blog: blog.publisher },
      render: async (fileId, templateId) => {
        renders.push(templateId);
        return { title: 'Notes', content: `<${templateId}>${text}` };
      },
      askCommitMessage: async () => {
        asked += 1;
        return answer;
      },
    });
  return {
    repository,
    git,
    blog,
    add,
    publish,
    renders,
    setText: (value: string) => (text = value),
    answer: (value: string | undefined) => (answer = value),
    asked: () => asked,
  };
}

describe('publishFile (spec providers §4)', () => {
  it("refuses a file without publish locations: 'Publish not possible.'", async () => {
    const s = await setup();
    await expect(s.publish()).rejects.toThrow(PUBLISH_NOT_POSSIBLE);
  });

  it('refuses a temporary file, in the spec words, and adds it no location', async () => {
    const s = await setup('temp');
    await expect(s.add('blog')).rejects.toThrow(tempFileNotPublished('Notes'));
    expect(await s.repository.getAll('publishLocation')).toEqual([]);
  });

  it('adds a location with the notice, publishes to each in turn, then skips what did not change', async () => {
    const s = await setup();
    expect((await s.add('git')).message).toBe(publicationLocationAdded('Notes'));
    await s.add('blog', 'styledHtml');

    const first = await s.publish();
    expect(first.message).toBe(publishedTo('Notes', 2));
    expect(s.git.uploads).toEqual([
      { locationId: 'p1', content: '<plainHtml>first', message: 'Publish notes' },
    ]);
    expect(s.blog.uploads).toEqual([
      { locationId: 'p2', content: '<styledHtml>first', message: 'Publish notes' },
    ]);
    const kept = (await s.repository.get<PublishLocation>('p2'))!;
    expect(kept.url).toBe('memory://p2');

    const again = await s.publish();
    expect(again).toMatchObject({ published: 2, unchanged: 2, message: publishedTo('Notes', 2) });
    expect(s.git.uploads).toHaveLength(1);
    expect(s.asked()).toBe(1);

    s.setText('second');
    await s.publish();
    expect(s.git.uploads.map((upload) => upload.content)).toEqual([
      '<plainHtml>first',
      '<plainHtml>second',
    ]);
  });

  it('asks the commit message once, only for git locations, and publishes nothing when cancelled', async () => {
    const s = await setup();
    await s.add('blog');
    await s.publish();
    expect(s.asked()).toBe(0);

    await s.add('git');
    s.answer(undefined);
    await expect(s.publish()).rejects.toBeInstanceOf(UploadCancelledError);
    expect(s.git.uploads).toEqual([]);
  });

  it('renders each template once, and a failing location neither stops the others nor counts as published', async () => {
    const s = await setup();
    await s.add('git');
    await s.add('blog');
    await s.add('blog');
    s.blog.fail('p2');
    const report = await s.publish();
    expect(s.renders).toEqual(['plainHtml']);
    expect(report.message).toBeUndefined();
    expect(report.published).toBe(2);
    expect(report.failures.map((failure) => failure.location.id)).toEqual(['p2']);
    expect(s.blog.uploads.map((upload) => upload.locationId)).toEqual(['p3']);

    // The failed one is tried again next time; the others are up to date.
    s.blog.fail(undefined);
    const next = await s.publish();
    expect(next).toMatchObject({ published: 3, unchanged: 2, message: publishedTo('Notes', 3) });
  });

  it("skips by the publisher's own hash when it has one: its metadata changed, it publishes again", async () => {
    const repository = new MemoryDatabase('publish-hash').connect();
    await repository.put([
      withHash<FileItem>({ id: 'f', type: 'file', name: 'Notes', parentId: null }),
    ]);
    let properties = 'status: draft';
    const uploads: string[] = [];
    const publisher: Publisher = {
      hashOf: (document) => `${document.content}|${document.properties}`,
      async publish(_location, document) {
        uploads.push(document.properties ?? '');
      },
    };
    await addPublishLocation(
      repository,
      'f',
      { providerId: 'blog', templateId: 't', fields: {} },
      () => 'p1',
    );
    const publish = () =>
      publishFile('f', {
        repository,
        publishers: { blog: publisher },
        render: async () => ({ title: 'Notes', content: 'same', properties }),
      });
    await publish();
    expect((await publish()).unchanged).toBe(1);
    properties = 'status: published';
    expect((await publish()).unchanged).toBe(0);
    expect(uploads).toEqual(['status: draft', 'status: published']);
  });
});
