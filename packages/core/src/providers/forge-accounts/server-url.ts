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
  // (Parsed by hand: the core runs where no URL class is declared.)
  const match = /^(https?):\/\/([^/?#\\\s]+)(?:[/?#]\S*)?$/i.exec(withScheme);
  if (!match) return undefined;
  const scheme = match[1]!.toLowerCase();
  const host = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?$/i.exec(
    match[2]!,
  );
  if (!host) return undefined;
  const port = host[2] === undefined ? undefined : Number(host[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  const defaultPort = scheme === 'https' ? 443 : 80;
  const shownPort = port === undefined || port === defaultPort ? '' : `:${port}`;
  return `${scheme}://${host[1]!.toLowerCase()}${shownPort}`;
}
