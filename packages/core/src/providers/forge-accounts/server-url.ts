/** The inline error of the server URL field (spec providers §5: the field `serverUrl`). The spec
 * names the field, not the words: these are ours (docs/reference/choices.md). */
export const SERVER_URL_INVALID =
  'Enter the server’s address, such as https://gitlab.example.org (http or https).';

/**
 * A GitLab or Gitea server URL as the user typed it, reduced to its scheme and host (spec
 * providers §5): `https://git.example.org/explore/repos` gives `https://git.example.org`; a
 * missing scheme counts as https. Undefined when it is no http(s) URL with a host.
 */
export function reduceServerUrl(input: string): string | undefined {
  const text = input.trim();
  if (text === '') return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  return url.origin;
}
