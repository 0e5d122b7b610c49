import type { GiteaSettings } from './context.js';

/**
 * Gitea's list options (`utils.GetListOptions`): `page` from 1, `limit` defaulting to
 * DEFAULT_PAGING_NUM and never above MAX_RESPONSE_ITEMS.
 */
export function listOptions(query: URLSearchParams, settings: GiteaSettings) {
  const page = Math.max(1, Math.floor(Number(query.get('page')) || 1));
  const asked = Math.floor(Number(query.get('limit')) || 0);
  const limit = asked <= 0 ? settings.defaultPagingNum : Math.min(asked, settings.maxResponseItems);
  return { page, limit };
}

/**
 * Gitea's paging headers (`ctx.SetLinkHeader`, `ctx.SetTotalCountHeader`): `Link` with rel
 * next, last, first and prev as they apply (`page` and `limit` in each URL), and `X-Total-Count`.
 */
export function pagingHeaders(
  url: string,
  query: URLSearchParams,
  page: number,
  limit: number,
  total: number,
) {
  const last = Math.max(1, Math.ceil(total / limit));
  const at = (n: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    params.set('limit', String(limit));
    return `<${url}?${params.toString()}>`;
  };
  const links: string[] = [];
  if (page < last) links.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) links.push(`${at(1)}; rel="first"`, `${at(page - 1)}; rel="prev"`);
  return {
    'x-total-count': String(total),
    ...(links.length > 0 ? { link: links.join(',') } : {}),
  };
}
