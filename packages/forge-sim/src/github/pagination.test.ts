import { describe, expect, it } from 'vitest';
import { linkHeader, pageOf } from './pagination.js';

describe('pageOf', () => {
  it('gives 30 a page by default, at most 100, and page 1 for nonsense', () => {
    expect(pageOf(new URLSearchParams())).toEqual({ perPage: 30, page: 1 });
    expect(pageOf(new URLSearchParams('per_page=500&page=3'))).toEqual({ perPage: 100, page: 3 });
    expect(pageOf(new URLSearchParams('per_page=x&page=-2'))).toEqual({ perPage: 30, page: 1 });
  });
});

describe('linkHeader', () => {
  const url = 'http://forge/api/v3/repos/a/b/commits';
  it('says nothing when everything fits on one page', () => {
    expect(linkHeader(url, new URLSearchParams(), 1, 30, 30)).toBeUndefined();
  });

  it('gives prev, next, last and first as GitHub orders them, keeping the query', () => {
    const query = new URLSearchParams('path=a.md');
    expect(linkHeader(url, query, 2, 10, 35)).toBe(
      [
        `<${url}?path=a.md&per_page=10&page=1>; rel="prev"`,
        `<${url}?path=a.md&per_page=10&page=3>; rel="next"`,
        `<${url}?path=a.md&per_page=10&page=4>; rel="last"`,
        `<${url}?path=a.md&per_page=10&page=1>; rel="first"`,
      ].join(', '),
    );
    expect(linkHeader(url, query, 4, 10, 35)).not.toContain('rel="next"');
  });
});
