'use client';

import { type CSSProperties, useEffect, useState } from 'react';
import {
  BUTTON_BAR_WIDTH,
  EDITOR_MIN_WIDTH,
  EXPLORER_WIDTH,
  NAVIGATION_BAR_HEIGHT,
  SIDE_BAR_WIDTH,
  STATUS_BAR_HEIGHT,
  TITLE_MAX_WIDTH,
  TITLE_MIN_WIDTH,
} from '../constants';
import { useAppSelector } from '../store';
import { textMetrics } from './text-metrics';

/** The layout constants and the text metrics for the window's width and the user's settings, as
 * CSS custom properties for the app's root element: the stylesheets size every part from them, so
 * the editor and the preview follow a settings change or a resize at once. */
export function useLayoutStyle(): CSSProperties {
  const width = useWindowWidth();
  const settings = useAppSelector((state) => state.settings.settings);
  const { fontSize, textWidth } = textMetrics(
    width,
    settings.fontSizeFactor,
    settings.maxWidthFactor,
  );
  return {
    '--navigation-bar-height': px(NAVIGATION_BAR_HEIGHT),
    '--button-bar-width': px(BUTTON_BAR_WIDTH),
    '--status-bar-height': px(STATUS_BAR_HEIGHT),
    '--side-bar-width': px(SIDE_BAR_WIDTH),
    '--explorer-width': px(EXPLORER_WIDTH),
    '--editor-min-width': px(EDITOR_MIN_WIDTH),
    '--title-min-width': px(TITLE_MIN_WIDTH),
    '--title-max-width': px(TITLE_MAX_WIDTH),
    '--font-size': px(fontSize),
    '--text-width': px(textWidth),
    '--editor-font': settings.editor.monospacedFontOnly ? 'var(--ink-mono)' : 'var(--ink-sans)',
  } as CSSProperties;
}

function px(value: number): string {
  return `${value}px`;
}

// The window's inner width, kept up to date.
function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
