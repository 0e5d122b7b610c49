'use client';

import { useEffect, useRef } from 'react';
import { previewStatistics, SIZE_MEASUREMENT_DEBOUNCE } from '@inkstone/core';
import { PreviewController } from '../preview/preview-controller';
import { useAppDispatch } from '../store';
import { previewStatsChanged, tocChanged } from '../store/preview-slice';
import { useAppServices } from './app-context';

/** The preview pane: the rendered document, a region named "Preview". */
export function PreviewPane() {
  const { document: channel, scrollSync } = useAppServices();
  const dispatch = useAppDispatch();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const contentElement = content.current!;
    let statsTimer: number | undefined;
    const preview = new PreviewController(contentElement, {
      onRendered: (version, length, headings) => {
        // Which text the preview shows, for tests and benchmarks to wait on.
        contentElement.dataset.renderedVersion = String(version);
        contentElement.dataset.renderedLength = String(length);
        dispatch(tocChanged(headings.map(({ level, text, id }) => ({ level, text, id }))));
        scrollSync.previewChanged();
        window.clearTimeout(statsTimer);
        statsTimer = window.setTimeout(() => {
          dispatch(previewStatsChanged(previewStatistics(renderedText(contentElement))));
        }, SIZE_MEASUREMENT_DEBOUNCE);
      },
    });
    const unsubscribe = channel.subscribe(({ text, version }) => preview.update(text, version));
    const detach = scrollSync.attachPreview(scroller.current!);
    return () => {
      window.clearTimeout(statsTimer);
      unsubscribe();
      detach();
      scrollSync.attachPreview(undefined);
      preview.destroy();
    };
  }, [channel, scrollSync, dispatch]);

  return (
    <div
      className="preview"
      role="region"
      aria-label="Preview"
      ref={scroller}
      tabIndex={0}
      onClick={(event) => followLink(event, (id) => scrollSync.revealInPreview(id))}
    >
      <div className="preview__content markdown-body" ref={content} />
    </div>
  );
}

// The rendered text, one block per line, without forcing a layout (textContent, not innerText).
function renderedText(root: HTMLElement): string {
  const parts: string[] = [];
  for (const child of root.children) parts.push(child.textContent ?? '');
  return parts.join('\n');
}

// A click on a link never replaces the app: hash links scroll the preview, links with a scheme
// open in a new tab, and relative links (files of the workspace) stay put for now.
function followLink(event: React.MouseEvent, reveal: (id: string) => void): void {
  const link = (event.target as HTMLElement).closest('a');
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  if (href.startsWith('#')) {
    reveal(decodeFragment(href.slice(1)));
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
    window.open(link.href, '_blank', 'noopener,noreferrer');
  }
}

// A fragment as written in the link, decoded when it is valid percent-encoding.
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
