// Publishing to a Zendesk Help Center over cloud-sim (its stand-in under /zendesk/{subdomain},
// in-process): a new article POSTed to a section with the file's properties and its id kept,
// the next publish updating its translation (draft) and labels, then the failures a user meets:
// an unknown section, an article without the locale, a wrong account, a revoked token and a
// server error that outlasts the retries.
import { type CloudSim, startCloudSim, type ZendeskUser } from '@inkstone/cloud-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ItemRepository } from '../../db/repository.js';
import { publishFile, type PublishReport } from '../../publish/publish-engine.js';
import {
  addFileLocation,
  fastHttp,
  oneFileRepository,
  onlyFailure,
  storedLocation,
} from '../../testing/publish-fixture.js';
import {
  ZENDESK_ACCOUNT_NOT_EXPECTED,
  ZENDESK_PROVIDER_ID,
  ZENDESK_TOKEN_REFUSED,
} from './constants.js';
import { ZendeskClient } from './zendesk-client.js';
import { readZendeskPublishForm, zendeskBaseUrl, zendeskSub } from './zendesk-fields.js';
import { createZendeskPublisher, zendeskSubdomainOf } from './zendesk-publisher.js';

let sim: CloudSim;
let ann: ZendeskUser;
let section: number;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  sim.zendesk.addHelpCentre('acme', ['en-us', 'fr']);
  ann = sim.zendesk.addUser('acme', { name: 'Ann', email: 'ann@example.com' });
  section = sim.zendesk.addSection('acme');
});
afterAll(async () => {
  await sim.close();
});

let repository: ItemRepository;
let token: string;
let properties: string;
let text: string;
const newFile = async () => {
  repository = await oneFileRepository('zendesk', 'Getting started');
};
beforeEach(async () => {
  await newFile();
  token = sim.zendesk.issue('acme', ann.id).token;
  properties = '';
  text = '<p>First version</p>';
});

const publish = (): Promise<PublishReport> =>
  publishFile('f', {
    repository,
    publishers: {
      [ZENDESK_PROVIDER_ID]: createZendeskPublisher({
        clientFor: (sub) =>
          new ZendeskClient({
            http: fastHttp(),
            baseUrl: zendeskBaseUrl(zendeskSubdomainOf(sub), `${sim.url}/zendesk/{subdomain}`),
            accessToken: token,
          }),
      }),
    },
    render: async () => ({ title: 'Getting started', content: text, properties }),
  });

const addLocation = (
  form: { sectionId: string; articleId?: string; locale?: string },
  sub = zendeskSub('acme', ann.id),
) => addFileLocation(repository, ZENDESK_PROVIDER_ID, { ...readZendeskPublishForm(form), sub });
const stored = (id: string) => storedLocation(repository, id);
const failure = onlyFailure;

describe('publishing to a Zendesk Help Center', { timeout: 30_000 }, () => {
  it('creates an article in the section, then updates its translation, draft and labels', async () => {
    properties = 'title: Welcome\ntags: setup, faq\n';
    const location = await addLocation({ sectionId: ` ${section} ` });
    expect(location).toMatchObject({ sectionId: String(section), locale: 'en-us' });
    expect((await publish()).failures).toEqual([]);
    const kept = await stored(location.id);
    const article = sim.zendesk.article('acme', Number(kept.articleId))!;
    expect(article).toMatchObject({ section_id: section, label_names: ['setup', 'faq'] });
    expect(article.translations.get('en-us')).toMatchObject({
      title: 'Welcome',
      body: '<p>First version</p>',
      draft: false,
    });
    expect(kept.url).toBe(`https://acme.zendesk.com/hc/en-us/articles/${String(kept.articleId)}`);

    text = '<p>Second version</p>';
    properties = 'title: Welcome back\ntags: faq\nstatus: draft\n';
    expect((await publish()).failures).toEqual([]);
    expect((await stored(location.id)).articleId).toBe(kept.articleId);
    expect(sim.zendesk.article('acme', Number(kept.articleId))).toMatchObject({
      label_names: ['faq'],
    });
    expect(article.translations.get('en-us')).toMatchObject({
      title: 'Welcome back',
      body: '<p>Second version</p>',
      draft: true,
    });
    expect(article.translations.size).toBe(1);
  });

  it('names an unknown section and an article without the locale', async () => {
    await addLocation({ sectionId: '1' });
    expect(failure(await publish())).toContain('Section 1 was not found in the help centre');

    await newFile();
    await addLocation({ sectionId: String(section) });
    await publish();
    const articleId = String([...sim.zendesk.centre('acme')!.articles.keys()].at(-1));
    await newFile();
    await addLocation({ sectionId: '', articleId, locale: 'FR' });
    expect(failure(await publish())).toContain(`Article ${articleId} has no fr translation`);
  });

  it('names a wrong account, a revoked token and a lasting server error, keeping no article id', async () => {
    await addLocation({ sectionId: String(section) }, zendeskSub('acme', 424242));
    expect(failure(await publish())).toBe(ZENDESK_ACCOUNT_NOT_EXPECTED);

    await newFile();
    const location = await addLocation({ sectionId: String(section) });
    sim.zendesk.revoke(token);
    expect(failure(await publish())).toBe(ZENDESK_TOKEN_REFUSED);

    token = sim.zendesk.issue('acme', ann.id).token;
    for (let i = 0; i < 10; i += 1)
      sim.faults.next({ path: /^\/zendesk\/acme\/api\/v2\/help_center\//, status: 503 });
    expect(failure(await publish())).toBe('HTTP error 503 on Zendesk location.');
    sim.faults.clear();
    expect((await stored(location.id)).articleId).toBeUndefined();
  });
});
