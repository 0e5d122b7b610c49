// What the publisher tests over cloud-sim (Blogger, WordPress.com, Zendesk, …) share: one file
// in a fresh memory repository, a location added to it, the client's HTTP on real timers made
// ten times faster, and the one failure a publish reports.
import { expect } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { type FileItem } from '../items/types.js';
import { type Timers } from '../ports/timers.js';
import { type PublishReport } from '../publish/publish-engine.js';
import { addPublishLocation } from '../publish/publish-location.js';
import { type PublishLocation } from '../publish/publisher.js';
import { HttpClient } from '../sync/http-client.js';
import { nodeFetch } from './couchdb-provider.js';

/** The id of the one file a publisher test publishes. */
export const PUBLISHED_FILE_ID = 'f';

/** Real timers, ten times faster: a client's 30 s time limit ends a hung request in 3 s and its
 * back-off waits are as short, in the same proportions. (A hundredth, 300 ms for a request,
 * timed out on a loaded machine.) */
export const fastTimers: Timers = {
  set(callback, delay) {
    const timer = setTimeout(callback, delay / 10);
    return () => clearTimeout(timer);
  },
  now: () => Date.now(),
};

/** The HTTP client a publisher's client uses in these tests: Node's fetch, `fastTimers`, no
 * jitter in its back-off. */
export function fastHttp(): HttpClient {
  return new HttpClient({ fetch: nodeFetch, timers: fastTimers, random: () => 0 });
}

let repositories = 0;
let locations = 0;

/** A fresh memory repository holding one file, `PUBLISHED_FILE_ID`, named `name`. */
export async function oneFileRepository(label: string, name: string): Promise<ItemRepository> {
  const repository = new MemoryDatabase(`${label}-${++repositories}`).connect();
  await repository.put([
    withHash<FileItem>({ id: PUBLISHED_FILE_ID, type: 'file', name, parentId: null }),
  ]);
  return repository;
}

/** Adds a publish location of `providerId` with `fields` (the dialog's, read by the
 * provider's form reader, with the account's `sub`) to the one file, through the plain-HTML
 * template. */
export async function addFileLocation(
  repository: ItemRepository,
  providerId: string,
  fields: Record<string, unknown>,
): Promise<PublishLocation> {
  const { location } = await addPublishLocation(
    repository,
    PUBLISHED_FILE_ID,
    { providerId, templateId: 'plainHtml', fields },
    () => `loc-${++locations}`,
  );
  return location;
}

/** The location `id` as the repository holds it now. */
export async function storedLocation(
  repository: ItemRepository,
  id: string,
): Promise<PublishLocation> {
  const location = await repository.get<PublishLocation>(id);
  expect(location).toBeDefined();
  return location!;
}

/** The message of the one failure `report` holds (and that it holds exactly one). */
export function onlyFailure(report: PublishReport): string {
  expect(report.failures).toHaveLength(1);
  return (report.failures[0]!.error as Error).message;
}
