'use client';

import { type RefObject, useEffect, useState } from 'react';
import { codeOfBlock } from '../preview/split-code';
import { useAppDispatch, useAppSelector } from '../store';
import { notified } from '../store/notifications-slice';
import './in-page-buttons.css';

/** What the in-page buttons are over: a code block or a heading of the preview. */
interface Hovered {
  kind: 'code' | 'heading';
  element: HTMLElement;
  top: number;
  right: number;
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/**
 * Buttons over the preview (settings `editor.showInPageButtons` and `editor.headButtons`): over a
 * code block, "Copy code"; beside a heading, "Copy link to heading", which copies a markdown
 * link to it (`[Title](#title)`) for use elsewhere in the text. One small toolbar follows the
 * pointer or the focus, so long documents carry no extra elements per block.
 */
export function InPageButtons({ scroller }: { scroller: RefObject<HTMLDivElement | null> }) {
  const dispatch = useAppDispatch();
  const codeButtons = useAppSelector((state) => state.settings.settings.editor.showInPageButtons);
  const headButtons = useAppSelector((state) => state.settings.settings.editor.headButtons);
  const [hovered, setHovered] = useState<Hovered | null>(null);

  useEffect(() => {
    const container = scroller.current;
    if (!container || (!codeButtons && !headButtons)) return setHovered(null);
    const follow = (event: Event) => {
      const target = event.target as HTMLElement;
      if (target.closest('.in-page-buttons')) return;
      const code = codeButtons ? target.closest<HTMLElement>('.preview__content pre') : null;
      const heading = headButtons ? target.closest<HTMLElement>(HEADINGS) : null;
      const element = code ?? heading;
      if (!element || !container.contains(element)) return setHovered(null);
      const box = element.getBoundingClientRect();
      const frame = container.getBoundingClientRect();
      setHovered({
        kind: code ? 'code' : 'heading',
        element,
        top: box.top - frame.top + container.scrollTop,
        right: frame.right - box.right,
      });
    };
    container.addEventListener('mouseover', follow);
    container.addEventListener('focusin', follow);
    return () => {
      container.removeEventListener('mouseover', follow);
      container.removeEventListener('focusin', follow);
    };
  }, [scroller, codeButtons, headButtons]);

  if (!hovered) return null;
  const copy = (text: string): void => {
    navigator.clipboard.writeText(text).then(
      () => dispatch(notified('info', 'Copied to clipboard!')),
      () => dispatch(notified('error', 'The clipboard refused the text.')),
    );
  };
  const { kind, element } = hovered;
  return (
    <div className="in-page-buttons" style={{ top: hovered.top, right: hovered.right }}>
      {kind === 'code' ? (
        <button
          type="button"
          className="icon-button"
          title="Copy code"
          aria-label="Copy code"
          onClick={() => copy(codeOfBlock(element))}
        >
          ⧉
        </button>
      ) : (
        <button
          type="button"
          className="icon-button"
          title="Copy link to heading"
          aria-label="Copy link to heading"
          onClick={() => copy(`[${element.textContent?.trim() ?? ''}](#${element.id})`)}
        >
          #
        </button>
      )}
    </div>
  );
}
