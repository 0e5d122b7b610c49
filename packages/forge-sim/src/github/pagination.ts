/** GitHub's page size of lists: 30 by default, at most 100. */
export function pageOf(query: URLSearchParams) {
  const perPage = Math.min(100, Math.max(1, Number(query.get('per_page')) || 30));
  const page = Math.max(1, Math.floor(Number(query.get('page')) || 1));
  return { perPage, page };
}

/**
 * GitHub's `Link` header for page `page` of `total` items at `perPage` a page (rel next, last,
 * first and prev as they apply), or undefined when everything fits on one page.
 */
export function linkHeader(
  url: string,
  query: URLSearchParams,
  page: number,
  perPage: number,
  total: number,
) {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last === 1 && page === 1) return undefined;
  const at = (n: number) => {
    const params = new URLSearchParams(query);
    params.set('per_page', String(perPage));
    params.set('page', String(n));
    return `<${url}?${params.toString()}>`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`${at(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) links.push(`${at(1)}; rel="first"`);
  return links.join(', ');
}
