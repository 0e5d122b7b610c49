import { type Formatter } from './format';

/** What the "Insert link" dialog gives. */
export interface LinkDetails {
  url: string;
  /** Optional; appended in quotes. */
  title: string;
}

/** What the "Insert image" dialog gives. */
export interface ImageDetails extends LinkDetails {
  /** The width in pixels, or undefined for the image's own size. */
  size: number | undefined;
  /** The dialog inserted an image file itself (issue 30): nothing more to insert. */
  inserted?: boolean;
}

/** Link: `[text](url "title")` in place of the selection, its text the selected text or a
 * selected placeholder. */
export function link(details: LinkDetails): Formatter {
  return (text, { from, to }) => {
    const label = text.slice(from, to) || 'link text';
    return linkMarkdown('[', label, destination(details), from, to);
  };
}

/** Image: `![alt](url =s320 "title")` in place of the selection: the size appended as
 * `=s{size}` (spec interface §5; our renderer reads it as a width) and the title only when
 * given. */
export function image(details: ImageDetails): Formatter {
  return (text, { from, to }) => {
    if (details.inserted) return null;
    const label = text.slice(from, to) || 'image description';
    const size = details.size === undefined ? '' : ` =s${details.size}`;
    return linkMarkdown('![', label, destination(details, size), from, to);
  };
}

/** The size typed in the image dialog as a whole number of pixels: undefined when it is empty
 * or no number; digits first are enough (`320px` is 320). */
export function parseImageSize(input: string): number | undefined {
  const size = Number.parseInt(input.trim(), 10);
  return Number.isFinite(size) && size > 0 ? size : undefined;
}

// `url`, the size, then ` "title"`; a URL with spaces or parentheses goes in angle brackets.
function destination({ url, title }: LinkDetails, size = ''): string {
  const trimmed = url.trim();
  const target = /[\s()<>]/.test(trimmed)
    ? `<${trimmed.replace(/[<>]/g, encodeURIComponent)}>`
    : trimmed;
  const quoted = title.trim() ? ` "${title.trim().replace(/"/g, '\\"')}"` : '';
  return target + size + quoted;
}

function linkMarkdown(open: string, label: string, target: string, from: number, to: number) {
  const insert = `${open}${label}](${target})`;
  const start = from + open.length;
  return {
    changes: [{ from, to, insert }],
    selection: { anchor: start, head: start + label.length },
  };
}
