import type MarkdownIt from 'markdown-it';

// markdown-it's own refusal list, minus `file:` which the spec allows (interface.md §5).
const REFUSED = /^(?:vbscript|javascript|data):/;
const ALLOWED_DATA = /^data:image\/(?:gif|png|jpeg|webp);/;

/**
 * Which link targets the converter makes links of while parsing: what markdown-it allows
 * (every scheme but `javascript:`, `vbscript:` and non-image `data:`), plus `file:`. CommonMark
 * makes an autolink of any scheme, and the converter follows it; the URL policy of interface.md
 * §5 (http, https, ftp, mailto, tel, file; images also blob: and data:image) is enforced by the
 * sanitiser, which removes any other `href` or `src` before the HTML reaches a page.
 */
export function applyLinkPolicy(md: MarkdownIt): void {
  md.validateLink = (url) => {
    const target = url.trim().toLowerCase();
    return !REFUSED.test(target) || ALLOWED_DATA.test(target);
  };
}
