/**
 * A workspace id (spec core §9: a base-36 hash) of the provider parameters: the same provider
 * and parameters always give the same id. A 53-bit string hash (cyrb53): ids only tell
 * workspaces of one browser apart, they protect nothing.
 */
export function workspaceId(params: Record<string, string>): string {
  const text = JSON.stringify(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
