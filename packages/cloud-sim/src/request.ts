import type { IncomingHttpHeaders } from 'node:http';

/** A request as the routes see it: its body read whole. */
export interface SimRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body was declared larger than the route takes, and left unread. */
  oversize?: boolean;
}

/** The bearer token of the request (`Authorization: Bearer X`, or `access_token=` in the query). */
export function bearerToken(request: SimRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (match) return match[1];
  return request.url.searchParams.get('access_token') ?? undefined;
}

/** The form fields of a request: its query, then a form-encoded or JSON body. */
export function formFields(request: SimRequest): URLSearchParams {
  const fields = new URLSearchParams(request.url.searchParams);
  const type = request.headers['content-type'] ?? '';
  const text = request.body.toString('utf8');
  if (type.includes('application/json') && text.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fields; // Not JSON after all: the query's fields alone, as a form Google cannot read.
    }
    if (parsed && typeof parsed === 'object') {
      for (const [key, value] of Object.entries(parsed)) fields.set(key, String(value));
    }
  } else if (text) {
    for (const [key, value] of new URLSearchParams(text)) fields.set(key, value);
  }
  return fields;
}

/** The cookies of a request, by name. */
export function cookies(request: SimRequest): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) {
      map.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
    }
  }
  return map;
}
