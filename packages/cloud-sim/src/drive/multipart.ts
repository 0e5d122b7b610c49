/** One part of a `multipart/related` body. */
export interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

/** The boundary of a `multipart/related; boundary=…` content type, if it is one. */
export function boundaryOf(contentType: string | undefined) {
  if (!contentType || !/^multipart\/related\b/i.test(contentType)) return undefined;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The parts of a multipart body (RFC 2046), headers lower-cased; [] when it has none. */
export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let index = body.indexOf(delimiter);
  while (index >= 0) {
    let start = index + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    else if (body[start] === 0x0a) start += 1;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    let end = next;
    if (body.subarray(end - 2, end).toString() === '\r\n') end -= 2;
    else if (body[end - 1] === 0x0a) end -= 1;
    const raw = body.subarray(start, end);
    let split = raw.indexOf('\r\n\r\n');
    let gap = 4;
    if (split < 0) {
      split = raw.indexOf('\n\n');
      gap = 2;
    }
    const head = split < 0 ? '' : raw.subarray(0, split).toString('utf8');
    const headers = new Map<string, string>();
    for (const line of head.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    parts.push({ headers, body: split < 0 ? raw : raw.subarray(split + gap) });
    index = next;
  }
  return parts;
}
