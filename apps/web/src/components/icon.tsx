import './icon.css';

/** Small line icons drawn in SVG (emoji and symbol fonts are not on every machine). */
export type IconName =
  | 'file'
  | 'folder'
  | 'trash'
  | 'temp'
  | 'search'
  | 'plus'
  | 'explorer'
  | 'properties'
  | 'reader'
  | 'focus'
  | 'moon';

const PATHS: Record<IconName, string> = {
  file: 'M4 1.5h5l3 3v10H4z M9 1.5v3h3',
  folder: 'M1.5 3.5h4.5l1.5 1.5h7v8.5h-13z',
  trash: 'M2.5 4h11 M6 4V2.5h4V4 M4 4l.8 10h6.4L12 4 M6.8 6.5v5 M9.2 6.5v5',
  temp: 'M8 1.8a6.2 6.2 0 1 0 .01 0z M8 4.5V8l2.5 1.5',
  search: 'M6.8 2a4.8 4.8 0 1 0 .01 0z M10.3 10.3l4 4',
  plus: 'M8 2.5v11 M2.5 8h11',
  explorer: 'M1.5 2.5h13v11h-13z M5.5 2.5v11',
  properties: 'M8 1.8a6.2 6.2 0 1 0 .01 0z M8 7v4.5 M8 4.6v.2',
  reader:
    'M1.5 3.5c2.5-1 4.5-1 6.5.5 2-1.5 4-1.5 6.5-.5v9.5c-2.5-1-4.5-1-6.5.5-2-1.5-4-1.5-6.5-.5z M8 4v9.5',
  focus: 'M8 2a6 6 0 1 0 .01 0z M8 5.6a2.4 2.4 0 1 0 .01 0z',
  moon: 'M13.6 10.1A6 6 0 0 1 5.9 2.4a6 6 0 1 0 7.7 7.7z',
};

/** An icon, hidden from assistive technology (its button or row carries the name): one of ours
 * by `name`, or any 16×16 line drawing by `path`. */
export function Icon(props: { name: IconName } | { path: string }) {
  return (
    <svg
      className="icon"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={'path' in props ? props.path : PATHS[props.name]} />
    </svg>
  );
}
