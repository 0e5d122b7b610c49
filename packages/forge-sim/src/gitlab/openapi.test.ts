import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitLabTestForge, type GitLabTestForge } from '../testing/gitlab-harness.js';
import { definitionErrors, gitlabFixture, gitlabOperation } from '../testing/gitlab-openapi.js';

// forge-sim's GitLab dialect against GitLab's published OpenAPI v2 description (the operations it
// answers, extracted into fixtures/gitlab-openapi.json by scripts/extract-gitlab-openapi.mjs).

/** What the router answers, in the description's spelling (rest.ts), with its success status. */
const ANSWERED: [string, string, number][] = [
  ['get', '/api/v4/user', 200],
  ['get', '/api/v4/users', 200],
  ['get', '/api/v4/users/{id}', 200],
  ['post', '/api/v4/projects', 201],
  ['get', '/api/v4/projects/{id}', 200],
  ['get', '/api/v4/projects/{id}/repository/branches/{branch}', 200],
  ['get', '/api/v4/projects/{id}/repository/tree', 200],
  ['get', '/api/v4/projects/{id}/repository/blobs/{sha}', 200],
  ['get', '/api/v4/projects/{id}/repository/blobs/{sha}/raw', 200],
  ['head', '/api/v4/projects/{id}/repository/files/{file_path}', 200],
  ['get', '/api/v4/projects/{id}/repository/files/{file_path}', 200],
  ['post', '/api/v4/projects/{id}/repository/files/{file_path}', 201],
  ['put', '/api/v4/projects/{id}/repository/files/{file_path}', 200],
  ['delete', '/api/v4/projects/{id}/repository/files/{file_path}', 204],
  ['get', '/api/v4/projects/{id}/repository/files/{file_path}/raw', 200],
  ['get', '/api/v4/projects/{id}/repository/commits', 200],
  // The description says 200; Grape answers a POST 201 unless told otherwise, and GitLab's
  // commits API does not tell it otherwise (see docs/how-to/forge-sim.md, GitLab).
  ['post', '/api/v4/projects/{id}/repository/commits', 201],
  ['get', '/api/v4/projects/{id}/repository/commits/{sha}', 200],
];
const STATUS_DIFFERS = new Set(['post /api/v4/projects/{id}/repository/commits']);

/**
 * The operations forge-sim answers that GitLab's OpenAPI v2 description does not hold, and the
 * page of GitLab's REST documentation each one follows (read for the route, its parameters and
 * its answer; the Inkstone GitLab provider reads a branch's head with the branch route).
 */
const DOCUMENTED_ELSEWHERE: Record<string, string> = {
  'GET /api/v4/user': 'https://docs.gitlab.com/api/users/#retrieve-the-current-user',
  'GET /api/v4/users': 'https://docs.gitlab.com/api/users/#list-users (`username` filter)',
  'GET /api/v4/users/{id}': 'https://docs.gitlab.com/api/users/#retrieve-a-single-user',
  'GET /api/v4/projects/{id}/repository/branches/{branch}':
    'https://docs.gitlab.com/api/branches/#get-single-repository-branch (404 "404 Branch Not Found")',
};

/** The parameters each handler reads (besides the path's), and where GitLab takes them. */
const READS: Record<string, [string, 'query' | 'body'][]> = {
  'get /api/v4/projects/{id}/repository/tree': [
    ['ref', 'query'],
    ['path', 'query'],
    ['recursive', 'query'],
    ['page', 'query'],
    ['per_page', 'query'],
    ['pagination', 'query'],
    ['page_token', 'query'],
  ],
  'get /api/v4/projects/{id}/repository/commits': [
    ['ref_name', 'query'],
    ['since', 'query'],
    ['until', 'query'],
    ['path', 'query'],
    ['all', 'query'],
    ['first_parent', 'query'],
    ['page', 'query'],
    ['per_page', 'query'],
  ],
  'get /api/v4/projects/{id}/repository/commits/{sha}': [['stats', 'query']],
  'get /api/v4/projects/{id}/repository/files/{file_path}': [['ref', 'query']],
  'head /api/v4/projects/{id}/repository/files/{file_path}': [['ref', 'query']],
  'get /api/v4/projects/{id}/repository/files/{file_path}/raw': [['ref', 'query']],
  'delete /api/v4/projects/{id}/repository/files/{file_path}': [
    ['branch', 'query'],
    ['commit_message', 'query'],
    ['start_branch', 'query'],
    ['author_email', 'query'],
    ['author_name', 'query'],
  ],
};

const described = (method: string, path: string) => !!gitlabFixture.paths[path]?.[method];

let t: GitLabTestForge;
beforeAll(async () => {
  t = await startGitLabTestForge();
  await t.api('POST', '/projects', { name: 'spec', initialize_with_readme: true });
  await t.api('POST', '/projects/alice%2Fspec/repository/commits', {
    branch: 'main',
    commit_message: 'Two files\n\nWith a body.',
    actions: [
      { action: 'create', file_path: 'docs/a.md', content: 'a' },
      { action: 'create', file_path: 'docs/b.md', content: 'b' },
    ],
  });
});
afterAll(async () => {
  await t.forge.close();
});

describe("the fixture: GitLab's OpenAPI v2 description of what forge-sim answers", () => {
  it('describes every operation forge-sim answers, but the ones the source lacks, said out loud', () => {
    const missing = ANSWERED.filter(([method, path]) => !described(method, path)).map(
      ([method, path]) => `${method.toUpperCase()} ${path}`,
    );
    expect(missing).toEqual(gitlabFixture['x-operations-not-in-source']);
    // What the OpenAPI v2 description leaves out is built from GitLab's REST documentation:
    expect(Object.keys(DOCUMENTED_ELSEWHERE).sort()).toEqual([...missing].sort());
    expect(gitlabFixture.info.version).toBe('v4');
  });

  it('has no operation forge-sim does not answer', () => {
    const answered = new Set(ANSWERED.map(([method, path]) => `${method} ${path}`));
    for (const [path, item] of Object.entries(gitlabFixture.paths)) {
      for (const method of Object.keys(item)) expect(answered).toContain(`${method} ${path}`);
    }
  });

  it('documents each parameter forge-sim reads, where forge-sim reads it', () => {
    for (const [key, reads] of Object.entries(READS)) {
      const [method = '', path = ''] = key.split(' ');
      const parameters = gitlabOperation(method, path).parameters ?? [];
      for (const [name, place] of reads) {
        const found = parameters.find((parameter) => parameter.name === name);
        expect(found, `${key} ${name}`).toBeDefined();
        expect(found?.in, `${key} ${name}`).toBe(place);
      }
    }
  });

  it('pages 20 by default, as the description says, where forge-sim pages', () => {
    for (const path of [
      '/api/v4/projects/{id}/repository/tree',
      '/api/v4/projects/{id}/repository/commits',
    ]) {
      const perPage = gitlabOperation('get', path).parameters?.find((p) => p.name === 'per_page');
      expect(perPage?.default).toBe(20);
    }
  });

  it('answers each described operation with a documented success status', async () => {
    const file = '/projects/alice%2Fspec/repository/files/';
    const blob = (await t.api('GET', `${file}docs%2Fa.md?ref=main`)).body.blob_id as string;
    const requests: Record<string, [string, unknown?]> = {
      'post /api/v4/projects': ['/projects', { name: 'another' }],
      'get /api/v4/projects/{id}': ['/projects/alice%2Fspec'],
      'get /api/v4/projects/{id}/repository/tree': [
        '/projects/alice%2Fspec/repository/tree?recursive=true',
      ],
      'get /api/v4/projects/{id}/repository/blobs/{sha}': [
        `/projects/alice%2Fspec/repository/blobs/${blob}`,
      ],
      'get /api/v4/projects/{id}/repository/blobs/{sha}/raw': [
        `/projects/alice%2Fspec/repository/blobs/${blob}/raw`,
      ],
      'head /api/v4/projects/{id}/repository/files/{file_path}': [`${file}docs%2Fa.md?ref=main`],
      'get /api/v4/projects/{id}/repository/files/{file_path}': [`${file}docs%2Fa.md?ref=main`],
      'post /api/v4/projects/{id}/repository/files/{file_path}': [
        `${file}docs%2Fc.md`,
        { branch: 'main', commit_message: 'c', content: 'c' },
      ],
      'put /api/v4/projects/{id}/repository/files/{file_path}': [
        `${file}docs%2Fc.md`,
        { branch: 'main', commit_message: 'c2', content: 'c2' },
      ],
      'delete /api/v4/projects/{id}/repository/files/{file_path}': [
        `${file}docs%2Fc.md?branch=main&commit_message=${encodeURIComponent('Remove c')}`,
      ],
      'get /api/v4/projects/{id}/repository/files/{file_path}/raw': [`${file}docs%2Fa.md/raw`],
      'get /api/v4/projects/{id}/repository/commits': ['/projects/alice%2Fspec/repository/commits'],
      'post /api/v4/projects/{id}/repository/commits': [
        '/projects/alice%2Fspec/repository/commits',
        {
          branch: 'main',
          commit_message: 'd',
          actions: [{ action: 'create', file_path: 'd.md', content: 'd' }],
        },
      ],
      'get /api/v4/projects/{id}/repository/commits/{sha}': [
        '/projects/alice%2Fspec/repository/commits/main',
      ],
    };
    for (const [method, path, status] of ANSWERED.filter(([m, p]) => described(m, p))) {
      const key = `${method} ${path}`;
      const [url, body] = requests[key] ?? [];
      expect(url, key).toBeDefined();
      const answer = await t.api(method.toUpperCase(), url ?? '', body);
      expect(answer.status, key).toBe(status);
      const documented = Object.keys(gitlabOperation(method, path).responses);
      if (STATUS_DIFFERS.has(key)) expect(documented).not.toContain(String(status));
      else expect(documented, key).toContain(String(status));
    }
    const deleted = await t.api('GET', `${file}docs%2Fc.md?ref=main`);
    expect(deleted.status).toBe(404);
  });

  it('answers commits with the fields API_Entities_Commit documents, of its types', async () => {
    const list = await t.api('GET', '/projects/alice%2Fspec/repository/commits');
    expect(list.body.length).toBeGreaterThan(0);
    for (const commit of list.body)
      expect(definitionErrors('API_Entities_Commit', commit)).toEqual([]);
    const documented = Object.keys(gitlabFixture.definitions.API_Entities_Commit?.properties ?? {});
    for (const commit of list.body)
      expect(Object.keys(commit).sort()).toEqual([...documented].sort());
    // CommitDetail (not in the source yet) is GitLab's Commit entity with more fields.
    const one = await t.api('GET', '/projects/alice%2Fspec/repository/commits/main');
    expect(definitionErrors('API_Entities_Commit', one.body)).toEqual([]);
    for (const field of documented) expect(one.body).toHaveProperty(field);
  });

  it('answers GET /user with fields API_Entities_UserPublic documents, typed as it types them', async () => {
    const me = (await t.api('GET', '/user')).body as Record<string, unknown>;
    const documented = Object.keys(
      gitlabFixture.definitions.API_Entities_UserPublic?.properties ?? {},
    );
    expect(Object.keys(me).filter((field) => !documented.includes(field))).toEqual([]);
    // The description types many fields "string" by default (grape-swagger's, for fields it was
    // not told about: bot, followers, pronouns…), where GitLab answers false, 0 or null. The
    // fields it gives a real type or format are checked with it.
    const typed = [
      'id',
      'username',
      'name',
      'state',
      'locked',
      'avatar_url',
      'web_url',
      'email',
      'theme_id',
      'color_scheme_id',
      'projects_limit',
      'can_create_group',
      'can_create_project',
      'two_factor_enabled',
      'private_profile',
      'last_sign_in_at',
      'confirmed_at',
      'current_sign_in_at',
      'commit_email',
    ];
    const subset = Object.fromEntries(typed.map((field) => [field, me[field]]));
    expect(definitionErrors('API_Entities_UserPublic', subset)).toEqual([]);
  });

  it('would notice a field of the wrong type', () => {
    expect(definitionErrors('API_Entities_Commit', { id: 1, parent_ids: 'x' })).not.toEqual([]);
  });
});
