// The simulations' FetchPort: Node's `http` over kept-alive connections, as `fetch` answers the
// client (status, headers, text; a failed network or an aborted request rejects), without the
// cost of undici's web streams. It was a fifth of the Drive simulation's CPU; the real `fetch`
// stays the one the providers' own tests and contract suites use.
import { Agent, request } from 'node:http';
import { type FetchInit, type FetchPort, type FetchResponse } from '../sync/http-client.js';
import { nodeFetch } from './couchdb-provider.js';

const agent = new Agent({ keepAlive: true });

function bodyBytes(body: FetchInit['body']): Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
}

/** `fetch` for http: URLs of the in-process stand-ins (others go to Node's `fetch`). */
export const simFetch: FetchPort = (url: string, init: FetchInit) => {
  const target = new URL(url);
  if (target.protocol !== 'http:') return nodeFetch(url, init);
  const body = bodyBytes(init.body);
  const headers: Record<string, string> = { accept: '*/*', ...init.headers };
  const named = (name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name);
  // What `fetch` sends with a text body that names no type.
  if (typeof init.body === 'string' && !named('content-type')) {
    headers['content-type'] = 'text/plain;charset=UTF-8';
  }
  if (body) headers['content-length'] = String(body.length);
  return new Promise<FetchResponse>((resolve, reject) => {
    const failed = (cause: unknown) => reject(new TypeError('fetch failed', { cause }));
    const req = request(
      target,
      { method: init.method, headers, agent, signal: init.signal as AbortSignal | undefined },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', failed);
        res.on('aborted', () => failed(new Error('aborted')));
        res.on('end', () => {
          if (!res.complete) return failed(new Error('the reply ended early'));
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              get(name) {
                const value = res.headers[name.toLowerCase()];
                return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
              },
            },
            text: () => Promise.resolve(text),
          });
        });
      },
    );
    req.on('error', failed);
    req.end(body);
  });
};
