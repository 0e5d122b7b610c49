import { describe, expect, it } from 'vitest';
import { requestPandoc, requestPdf, SponsorOnlyError } from './pdf-export';

const page = { pageSize: 'A4', marginTop: 25, marginRight: 25, marginBottom: 25, marginLeft: 25 };
const base = 'https://inkstone.example.com/app/';

function server(status: number, body: BodyInit | null, type = 'application/json') {
  const calls: { url: string; init: RequestInit }[] = [];
  const send = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'content-type': type } });
  }) as typeof fetch;
  return { calls, send };
}

describe('requestPdf', () => {
  it('posts the HTML with the page settings, the token in a header and never in the URL', async () => {
    const { calls, send } = server(200, '%PDF-1.7', 'application/pdf');
    const pdf = await requestPdf('<h1>Hi</h1>', page, {
      fetch: send,
      token: { kind: 'accessToken', value: 'secret-1' },
      base,
    });
    expect(await pdf.text()).toBe('%PDF-1.7');
    const [call] = calls;
    const url = new URL(call!.url);
    expect(url.pathname).toBe('/app/pdfExport');
    expect(JSON.parse(url.searchParams.get('options')!)).toEqual(page);
    expect(url.searchParams.get('tokenKind')).toBe('accessToken');
    expect(call!.url).not.toContain('secret-1');
    expect(call!.init.method).toBe('POST');
    expect(call!.init.body).toBe('<h1>Hi</h1>');
    expect((call!.init.headers as Record<string, string>).authorization).toBe('Bearer secret-1');
  });

  it('says sponsors only on a 401, and the server’s words on other failures', async () => {
    await expect(
      requestPdf('x', page, { fetch: server(401, '{}').send, base }),
    ).rejects.toBeInstanceOf(SponsorOnlyError);
    await expect(
      requestPdf('x', page, {
        fetch: server(400, JSON.stringify({ message: 'Unknown page size: B9.' })).send,
        base,
      }),
    ).rejects.toThrow('Unknown page size: B9.');
    await expect(
      requestPdf('x', page, { fetch: server(503, 'busy', 'text/plain').send, base }),
    ).rejects.toThrow('The export could not be made (HTTP error 503).');
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(requestPdf('x', page, { fetch: down, base })).rejects.toThrow(
      'Network request failed.',
    );
  });

  it('posts the markdown to pandocExport with the format, options and metadata', async () => {
    const { calls, send } = server(200, 'PK', 'application/octet-stream');
    const options = { highlightStyle: 'kate', toc: true, tocDepth: 3 };
    await requestPandoc(
      '# Hi\n',
      'docx',
      options,
      { title: 'Hi', author: 'Ann' },
      // Signed in with Google: its id token, said to be one.
      { fetch: send, base, token: { kind: 'idToken', value: 'eyJ.google-id.token' } },
    );
    const url = new URL(calls[0]!.url);
    expect(url.searchParams.get('tokenKind')).toBe('idToken');
    expect(calls[0]!.url).not.toContain('google-id');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe(
      'Bearer eyJ.google-id.token',
    );
    expect(url.pathname).toBe('/app/pandocExport');
    expect(url.searchParams.get('format')).toBe('docx');
    expect(JSON.parse(url.searchParams.get('options')!)).toEqual(options);
    expect(JSON.parse(url.searchParams.get('metadata')!)).toEqual({ title: 'Hi', author: 'Ann' });
    expect(calls[0]!.init.body).toBe('# Hi\n');
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBe(
      'text/markdown; charset=utf-8',
    );
  });
});
