/**
 * GitLab's offset pagination (docs.gitlab.com/api/rest/#offset-based-pagination): `page` from 1,
 * `per_page` 20 by default and at most 100.
 */
export function pageOf(query: URLSearchParams) {
  const asked = Math.floor(Number(query.get('per_page')));
  const perPage = Number.isFinite(asked) && asked >= 1 ? Math.min(100, asked) : 20;
  const page = Math.max(1, Math.floor(Number(query.get('page')) || 1));
  return { page, perPage };
}

/**
 * Past this many records GitLab leaves out `x-total`, `x-total-pages` and the `rel="last"` link
 * "for performance reasons" (docs.gitlab.com/api/rest/#pagination-response-headers).
 */
export const COUNT_LIMIT = 10_000;

/**
 * The headers of page `page` of `total` records at `perPage` a page: `x-page`, `x-per-page`,
 * `x-next-page`, `x-prev-page` (empty when there is none), `x-total`, `x-total-pages` and `Link`
 * (rel prev, next, first, last), as GitLab's offset pagination answers them.
 */
export function offsetHeaders(
  url: string,
  query: URLSearchParams,
  page: number,
  perPage: number,
  total: number,
): Record<string, string> {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const next = page < pages ? String(page + 1) : '';
  const prev = page > 1 ? String(Math.min(page - 1, pages)) : '';
  const counted = total <= COUNT_LIMIT;
  const at = (n: number | string) => {
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    params.set('per_page', String(perPage));
    return `<${url}?${params.toString()}>`;
  };
  const links = [
    ...(prev ? [`${at(prev)}; rel="prev"`] : []),
    ...(next ? [`${at(next)}; rel="next"`] : []),
    `${at(1)}; rel="first"`,
    ...(counted ? [`${at(pages)}; rel="last"`] : []),
  ];
  return {
    'x-page': String(page),
    'x-per-page': String(perPage),
    'x-next-page': next,
    'x-prev-page': prev,
    ...(counted ? { 'x-total': String(total), 'x-total-pages': String(pages) } : {}),
    link: links.join(', '),
  };
}

/** Slices `items` to page `page` of `perPage`. */
export const slicePage = <T>(items: readonly T[], page: number, perPage: number) =>
  items.slice((page - 1) * perPage, page * perPage);
