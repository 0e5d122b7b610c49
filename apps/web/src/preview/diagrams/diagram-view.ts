import { DIAGRAM_ERROR_TITLES, type DiagramKind } from './constants';

/** A diagram drawn and sanitised, ready to be shown by any number of placeholders. */
export interface DrawnDiagram {
  readonly type: 'drawing';
  /** The sanitised SVG, parsed once; each placeholder shows a copy. */
  readonly svg: DocumentFragment;
  /** Accessible name: the kind of diagram, and its title if it has one. */
  readonly label: string;
  /** Accessible description (Mermaid's `accDescr`), or empty. */
  readonly description: string;
  /** Problems the library drew around, as plain text. */
  readonly notes: readonly string[];
}

/** A diagram that cannot be drawn, and why, in the library's words. */
export interface FailedDiagram {
  readonly type: 'error';
  readonly message: string;
}

/** What a placeholder shows once its diagram is settled. */
export type DiagramOutcome = DrawnDiagram | FailedDiagram;

/** Attribute telling what a placeholder shows, for styles and tests: absent while it shows its
 * source, `stale` while it shows the previous outcome at its place until its own is ready,
 * then `drawn` or `error`. */
export const DIAGRAM_STATE_ATTRIBUTE = 'data-diagram-state';

/**
 * Shows `outcome` in `placeholder`, in a shadow root: the drawing's own `<style>` sheet and
 * ids stay inside it (two copies of one drawing do not clash, and a sheet cannot restyle the
 * app), and the source, still the placeholder's light-DOM text, is no longer rendered.
 */
export function showOutcome(
  placeholder: HTMLElement,
  kind: DiagramKind,
  outcome: DiagramOutcome,
  stale = false,
): void {
  const document = placeholder.ownerDocument;
  const root = placeholder.shadowRoot ?? openShadow(placeholder);
  if (outcome.type === 'drawing') {
    const drawing = document.createElement('div');
    drawing.setAttribute('part', 'drawing');
    drawing.setAttribute('role', 'img');
    drawing.setAttribute('aria-label', outcome.label);
    if (outcome.description) drawing.setAttribute('aria-description', outcome.description);
    drawing.append(outcome.svg.cloneNode(true));
    root.replaceChildren(drawing);
    if (outcome.notes.length > 0) root.append(list(document, outcome.notes));
  } else {
    const block = document.createElement('div');
    block.setAttribute('part', 'error');
    const title = document.createElement('p');
    title.setAttribute('part', 'error-title');
    title.textContent = DIAGRAM_ERROR_TITLES[kind];
    const message = document.createElement('pre');
    message.setAttribute('part', 'error-message');
    message.textContent = outcome.message;
    block.append(title, message);
    root.replaceChildren(block);
  }
  placeholder.setAttribute(
    DIAGRAM_STATE_ATTRIBUTE,
    stale ? 'stale' : outcome.type === 'drawing' ? 'drawn' : 'error',
  );
  if (stale) placeholder.setAttribute('aria-busy', 'true');
  else placeholder.removeAttribute('aria-busy');
}

function openShadow(placeholder: HTMLElement): ShadowRoot {
  const root = placeholder.attachShadow({ mode: 'open' });
  root.addEventListener('click', followDiagramLink);
  return root;
}

function list(document: Document, notes: readonly string[]): HTMLElement {
  const element = document.createElement('ul');
  element.setAttribute('part', 'notes');
  for (const note of notes) {
    const item = document.createElement('li');
    item.textContent = note;
    element.append(item);
  }
  return element;
}

const XLINK = 'http://www.w3.org/1999/xlink';

// A link in a drawing (Mermaid's `click A href "…"`) never replaces the app: web links open in
// a new tab, anything else does nothing. The preview's own link handler cannot do this: from
// outside, a click in a shadow root seems to come from the placeholder.
function followDiagramLink(event: Event): void {
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link) return;
  event.preventDefault();
  const href = (link.getAttribute('href') ?? link.getAttributeNS(XLINK, 'href') ?? '').trim();
  if (/^https?:\/\//i.test(href)) {
    link.ownerDocument.defaultView?.open(href, '_blank', 'noopener,noreferrer');
  }
}
