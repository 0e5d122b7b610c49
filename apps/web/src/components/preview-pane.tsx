'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import {
  findLinkedFile,
  isBlankYaml,
  type parseYamlObject,
  previewStatistics,
  SIZE_MEASUREMENT_DEBOUNCE,
  WordCounter,
} from '@inkstone/core';
import {
  resolveMarkdownOptions,
  sameToc,
  SOURCE_LINE_ATTRIBUTE,
} from '@inkstone/markdown/essentials';
import type { PreviewController, PreviewMode } from '../preview/preview-controller';
import type * as PreviewChunkModule from './preview-chunk';
import { runAction } from '../services/run-action';
import { countWordsInSlices } from '../services/word-count-slices';
import { useAppDispatch, useAppSelector, type AppStore } from '../store';
import { notified } from '../store/notifications-slice';
import { previewStatsChanged, tocChanged } from '../store/preview-slice';
import { type AppServices, useAppServices } from './app-context';
import { afterFirstScreen, previewFirstScreenShown } from './first-screen';
import { InPageButtons } from './in-page-buttons';
import { useStore } from 'react-redux';
import '../preview/diagrams/diagrams.css';
import './markdown-body.css';
import './preview-pane.css';

/** The preview pane: the rendered document, a region named "Preview". */
export function PreviewPane() {
  const services = useAppServices();
  const { document: channel, scrollSync } = services;
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<PreviewController | null>(null);
  // The file properties' YAML parser, which comes with the preview's chunk (a blank or
  // comments-only properties text needs none).
  const [readYaml, setReadYaml] = useState<typeof parseYamlObject | null>(null);
  const properties = useAppSelector((state) => state.workspace.currentProperties);
  const settingsExtensions = useAppSelector((state) => state.settings.settings.extensions);
  const options = useMemo(() => {
    if (isBlankYaml(properties)) return resolveMarkdownOptions(undefined, settingsExtensions);
    if (!readYaml) return null;
    const parsed = readYaml(properties);
    return resolveMarkdownOptions(
      parsed.ok ? parsed.value.extensions : undefined,
      settingsExtensions,
    );
  }, [properties, settingsExtensions, readYaml]);

  useEffect(() => {
    const contentElement = content.current!;
    let statsTimer: number | undefined;
    const words = new WordCounter();
    let stopCounting = () => {};
    // Whether the text opened last has shown its first screen, and all of it, yet.
    let firstScreenShown = false;
    let completeShown = false;
    const unmark = channel.subscribe((event) => {
      if (event.changes === null) firstScreenShown = completeShown = false;
    });
    // The converter (markdown-it, its extensions, KaTeX, highlighting, the sanitiser) is its own
    // chunk, loaded once the editor is up: the preview shows a moment after the editor is
    // editable, and the editor's changes meanwhile wait in the channel's latest event.
    let created: PreviewController | undefined;
    let unsubscribe = () => {};
    let detach = () => {};
    let cancelled = false;
    const start = ({ PreviewController: Controller, parseYamlObject: parse }: PreviewChunk) => {
      const preview = new Controller(
        contentElement,
        {
          onRendered: ({ version, length, complete, headings }) => {
            // Which text the preview shows, for tests and benchmarks to wait on.
            // (An unfinished rendering may not hold the latest change yet: only a finished one
            // says which text it shows.)
            if (complete) {
              contentElement.dataset.renderedVersion = String(version);
              contentElement.dataset.renderedLength = String(length);
            }
            contentElement.dataset.renderedComplete = String(complete);
            // For measurements: when a newly opened text first shows, and when all of it does.
            if (!firstScreenShown) {
              performance.mark('inkstone:preview-first-screen');
              previewFirstScreenShown();
            }
            if (complete && !completeShown) performance.mark('inkstone:preview-complete');
            firstScreenShown = true;
            completeShown ||= complete;
            if (!sameToc(store.getState().preview.toc, headings)) {
              dispatch(tocChanged(headings.map(({ level, text, id }) => ({ level, text, id }))));
            }
            scrollSync.previewChanged();
            window.clearTimeout(statsTimer);
            stopCounting();
            statsTimer = window.setTimeout(() => {
              const text = preview.sections
                .map((section) => section.element.textContent)
                .join('\n');
              stopCounting = countWordsInSlices(words, text, () =>
                dispatch(previewStatsChanged(previewStatistics(text, words))),
              );
            }, SIZE_MEASUREMENT_DEBOUNCE);
          },
          onLayoutChanged: () => scrollSync.previewChanged(),
        },
        previewMode(),
      );
      created = preview;
      setReadYaml(() => parse);
      setPreview(preview);
      unsubscribe = channel.subscribe((event) => preview.take(event));
      detach = scrollSync.attachPreview(scroller.current!, preview);
    };
    loadPreviewChunk().then(
      (chunk) => {
        if (!cancelled) start(chunk);
      },
      (error: unknown) => {
        console.error('The preview could not be loaded.', error);
        if (!cancelled) dispatch(notified('error', PREVIEW_LOAD_FAILED));
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(statsTimer);
      stopCounting();
      unmark();
      unsubscribe();
      detach();
      if (created) {
        scrollSync.attachPreview(undefined, undefined);
        created.destroy();
      }
    };
  }, [channel, scrollSync, dispatch, store]);

  useEffect(() => {
    if (options) preview?.setOptions(options);
  }, [preview, options]);

  return (
    <div className="preview" role="region" aria-label="Preview" ref={scroller} tabIndex={0}>
      <div
        className="preview__content markdown-body"
        ref={content}
        onClick={(event) => preview && onPreviewClick(event, preview, services, store)}
      />
      <InPageButtons scroller={scroller} />
    </div>
  );
}

/** Said when the preview's code cannot be fetched (the network went away mid-load). */
export const PREVIEW_LOAD_FAILED = 'The preview could not be loaded. Reload the page to see it.';

type PreviewChunk = typeof PreviewChunkModule;

// The preview controller's chunk, fetched once the editor shows its file.
function loadPreviewChunk(): Promise<PreviewChunk> {
  return afterFirstScreen().then(() => import('./preview-chunk'));
}

// The preview converts on the main thread, block by block, in slices. For measurements,
// `?preview=worker` moves it to a worker and `?conversion=full` converts the whole text on
// every change (the benchmark's baseline).
function previewMode(): PreviewMode {
  const params = new URLSearchParams(window.location.search);
  return {
    thread: params.get('preview') === 'worker' ? 'worker' : 'main-thread',
    conversion: params.get('conversion') === 'full' ? 'full' : 'incremental',
  };
}

// Clicks in the preview never replace the app: a task box toggles its marker in the source,
// hash links scroll the preview, links to workspace files open them, other links open in a
// new tab.
function onPreviewClick(
  event: React.MouseEvent,
  preview: PreviewController,
  { workspace, scrollSync, editor }: AppServices,
  store: AppStore,
): void {
  const target = event.target as HTMLElement;
  if (target instanceof HTMLInputElement && target.type === 'checkbox') {
    event.preventDefault();
    const found = preview.sectionOf(target);
    const line = Number(target.getAttribute(SOURCE_LINE_ATTRIBUTE));
    if (found && Number.isInteger(line)) editor.current?.toggleTaskAt(found.section.line + line);
    return;
  }
  const link = target.closest('a');
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  if (href.startsWith('#')) {
    scrollSync.revealInPreview(decodeFragment(href.slice(1)));
    return;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
    window.open(link.href, '_blank', 'noopener,noreferrer');
    return;
  }
  const { files, folders, currentFileId } = store.getState().workspace;
  const linked = currentFileId
    ? findLinkedFile(Object.values(files), Object.values(folders), currentFileId, href)
    : undefined;
  if (linked) runAction(store.dispatch, () => workspace.openFile(linked.id));
  else store.dispatch(notified('info', `No file of this workspace is at “${href}”.`));
}

// A fragment as written in the link, decoded when it is valid percent-encoding.
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
