/** A token request's fields: the query, then a form or JSON body, then HTTP Basic client credentials. */
export function tokenRequestFields(
  url: URL,
  body: string,
  contentType: string | undefined,
  authorization: string | undefined,
) {
  const fields = new URLSearchParams(url.searchParams);
  let given: Record<string, unknown> = {};
  if ((contentType ?? '').includes('json')) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object') given = parsed as Record<string, unknown>;
    } catch {
      // An unreadable body gives no fields: the answer names what is missing.
    }
  } else {
    given = Object.fromEntries(new URLSearchParams(body));
  }
  for (const [key, value] of Object.entries(given)) {
    if (typeof value === 'string') fields.set(key, value);
  }
  const basic = /^basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic && !fields.has('client_id')) {
    const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    fields.set('client_id', decodeURIComponent(decoded.slice(0, colon)));
    fields.set('client_secret', decodeURIComponent(decoded.slice(colon + 1)));
  }
  return fields;
}
