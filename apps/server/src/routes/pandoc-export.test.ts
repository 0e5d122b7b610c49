import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { readPublicConf } from '../conf.js';
import { DEFAULT_EXPORT_CONF } from '../export/export-conf.js';
import { type StandIn, startStandIn } from '../sponsors/stand-ins.testkit.js';
import { startSponsoredApp } from './sponsored-app.testkit.js';

/** Generous time-outs: the whole repository's tests share a small machine. */
const SLOW_MACHINE_MS = 30_000;
const exports = {
  ...DEFAULT_EXPORT_CONF,
  chromiumPath: process.env.CHROMIUM_PATH ?? DEFAULT_EXPORT_CONF.chromiumPath,
};

const MARKDOWN = `# Pandoc Heading

A paragraph with **bold** words.

\`\`\`js
const answer = 42;
\`\`\`
`;
const GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Writes `file` and reads it back with pandoc (`-t plain`, or `to`). */
function readBack(file: Buffer, from: string, extension: string, to = 'plain'): string {
  const path = join(mkdtempSync(join(tmpdir(), 'inkstone-pandoc-back-')), `doc.${extension}`);
  writeFileSync(path, file);
  return execFileSync('pandoc', ['-f', from, '-t', to, '--standalone', path], {
    encoding: 'utf8',
  });
}

/** The names of the files inside a zip (docx, odt, epub). */
const zipEntries = (file: Buffer) => {
  const path = join(mkdtempSync(join(tmpdir(), 'inkstone-pandoc-zip-')), 'doc.zip');
  writeFileSync(path, file);
  return execFileSync('unzip', ['-Z1', path], { encoding: 'utf8' }).split('\n');
};

function post(
  app: FastifyInstance,
  query: Record<string, string>,
  body: string | object = MARKDOWN,
) {
  // A token given as `accessToken` goes in the Authorization header, as the app sends it.
  const { accessToken, ...rest } = query;
  const authorization = accessToken === undefined ? {} : { authorization: `Bearer ${accessToken}` };
  return app.inject({
    method: 'POST',
    url: '/pandocExport',
    query: rest,
    ...(typeof body === 'string'
      ? {
          headers: { 'content-type': 'text/markdown; charset=utf-8', ...authorization },
          payload: body,
        }
      : { headers: authorization, payload: body }),
  });
}

describe('POST /pandocExport, sponsorship off', () => {
  let app: FastifyInstance;
  let tracker: StandIn;
  beforeAll(async () => {
    tracker = await startStandIn((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'image/gif' });
      response.end(Buffer.from(GIF.split(',')[1] ?? '', 'base64'));
    });
    app = await buildApp({ conf: readPublicConf({}), exports });
  });
  afterAll(async () => {
    await app.close();
    await tracker.close();
  });

  it(
    'writes a docx that reads back with the text and the file properties as metadata',
    async () => {
      const response = await post(app, {
        format: 'docx',
        metadata: JSON.stringify({ title: 'Props Title', author: ['Ada', 'Grace'], x: 1 }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/wordprocessingml/);
      const back = readBack(response.rawPayload, 'docx', 'docx', 'markdown');
      expect(back).toContain('Pandoc Heading');
      expect(back).toContain('**bold**');
      expect(back).toContain('Props Title');
      expect(back).toContain('Grace');
    },
    SLOW_MACHINE_MS,
  );

  it(
    'writes EPUB 2 and EPUB 3 that read back with the text',
    async () => {
      for (const format of ['epub', 'epub3']) {
        const response = await post(app, { format, metadata: '{"title":"Book"}' });
        expect(response.statusCode, format).toBe(200);
        expect(response.headers['content-type']).toBe('application/epub+zip');
        const back = readBack(response.rawPayload, 'epub', 'epub');
        expect(back).toContain('Pandoc Heading');
        expect(back).toMatch(/A paragraph with (bold|BOLD) words\./);
      }
    },
    SLOW_MACHINE_MS,
  );

  it(
    'takes pandoc JSON as the body, and writes odt, rst and latex',
    async () => {
      const json = JSON.parse(
        execFileSync('pandoc', ['-f', 'markdown', '-t', 'json'], {
          input: MARKDOWN,
          encoding: 'utf8',
        }),
      ) as object;
      const odt = await post(app, { format: 'odt' }, json);
      expect(odt.statusCode).toBe(200);
      expect(readBack(odt.rawPayload, 'odt', 'odt')).toContain('Pandoc Heading');
      const rst = await post(app, { format: 'rst' }, json);
      expect(rst.statusCode).toBe(200);
      expect(rst.body).toContain('Pandoc Heading\n==============');
      const latex = await post(app, { format: 'latex', options: '{"toc":true,"tocDepth":2}' });
      expect(latex.statusCode).toBe(200);
      expect(latex.body).toContain('\\section{Pandoc Heading}');
      expect(latex.body).toContain('\\tableofcontents');
    },
    SLOW_MACHINE_MS,
  );

  it('exports a 2,000,000-character CJK text (6 MB of UTF-8) whole, under the default body limit', async () => {
    const paragraph = (i: number) => `第${i}段。${'長い原稿の文字。'.repeat(125)}\n\n`;
    const markdown = Array.from({ length: 2_000 }, (_, i) => paragraph(i + 1)).join('');
    expect(markdown.length).toBeGreaterThan(2_000_000);
    expect(Buffer.byteLength(markdown)).toBeGreaterThan(6_000_000);
    const response = await post(app, { format: 'rst' }, markdown);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    // pandoc wraps lines: the text, without its line breaks, holds every paragraph whole.
    const text = response.body.replace(/\s+/g, '');
    expect(text).toContain(`第1段。${'長い原稿の文字。'.repeat(125)}第2段。`);
    expect(text).toContain(`第2000段。${'長い原稿の文字。'.repeat(125)}`);
    expect(text.split('長い原稿の文字。').length - 1).toBe(250_000);
  }, 120_000);

  it(
    'writes AsciiDoc as Asciidoctor reads it, whatever the pandoc (2.17 wrote the legacy dialect)',
    async () => {
      const markdown = 'Some `code` here.\n\n- [ ] to do\n- [x] done\n';
      const response = await post(app, { format: 'asciidoc', options: '{"toc":false}' }, markdown);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Some `+code+` here.');
      expect(response.body).toContain('* [ ] to do\n* [x] done');
    },
    SLOW_MACHINE_MS,
  );

  it(
    'prints pdf through Chromium',
    async () => {
      const response = await post(app, { format: 'pdf', metadata: '{"title":"Printed"}' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const path = join(mkdtempSync(join(tmpdir(), 'inkstone-pandoc-pdf-')), 'doc.pdf');
      writeFileSync(path, response.rawPayload);
      const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
      expect(text).toContain('Pandoc Heading');
      expect(text).toContain('Printed');
    },
    SLOW_MACHINE_MS,
  );

  it(
    'reads no file and no URL: only data: images reach a docx or an epub; rtf and pdf fetch nothing',
    async () => {
      // An image alone in its paragraph is a figure (pandoc 3: a Figure block).
      const markdown = `---\ncover-image: /etc/hostname\n---\n\n# Images\n\n![remote](${tracker.url}/r.gif) ![local](/etc/hostname) ![inline](${GIF})\n\n<img src="${tracker.url}/raw.gif">\n\n![figure](${tracker.url}/figure.gif)\n`;
      for (const format of ['docx', 'epub3']) {
        const response = await post(app, { format }, markdown);
        expect(response.statusCode, format).toBe(200);
        const media = zipEntries(response.rawPayload).filter((name) => /media\//.test(name));
        expect(media, format).toHaveLength(1);
        expect(media[0]).toMatch(/\.gif$/);
      }
      // The sandboxed writers (rtf embeds images) and the printed pdf fetch nothing either.
      for (const format of ['rtf', 'pdf']) {
        expect((await post(app, { format }, markdown)).statusCode, format).toBe(200);
      }
      expect(tracker.received).toEqual([]);
    },
    SLOW_MACHINE_MS,
  );

  it('answers 400 for an unknown format, bad options or metadata, and an unreadable body', async () => {
    const bad: Array<Record<string, string>> = [
      {},
      { format: 'html' },
      { format: 'toString' },
      { format: 'docx', options: '{"highlightStyle":"/etc/passwd"}' },
      { format: 'docx', options: '{"tocDepth":9}' },
      { format: 'docx', options: 'nope' },
      { format: 'docx', metadata: '{"title":{"a":1}}' },
    ];
    for (const query of bad) {
      expect((await post(app, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    expect((await post(app, { format: 'rst' }, { not: 'pandoc' })).statusCode).toBe(400);
    expect((await post(app, { format: 'rst' }, ' ')).statusCode).toBe(400);
  });

  it('answers 504 when pandoc runs out of time', async () => {
    const slow = await buildApp({
      conf: readPublicConf({}),
      exports: { ...exports, timeoutMs: 1 },
    });
    expect((await post(slow, { format: 'docx' })).statusCode).toBe(504);
    await slow.close();
  });
});

describe('POST /pandocExport, sponsorship on', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startSponsoredApp(exports));
  });
  afterAll(() => close());

  it('answers 401 to a non-sponsor and converts for a sponsor', async () => {
    expect((await post(app, { format: 'rst' })).statusCode).toBe(401);
    expect((await post(app, { format: 'rst', accessToken: 'gh-other' })).statusCode).toBe(401);
    const ok = await post(app, { format: 'rst', accessToken: 'gh-good' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Pandoc Heading');
  });
});
