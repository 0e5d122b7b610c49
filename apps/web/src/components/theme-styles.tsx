'use client';

import { useEffect } from 'react';
import { applyColorTheme } from '../services/color-theme';
import { type AppDispatch, useAppDispatch, useAppSelector } from '../store';
import { useColorTheme } from './use-color-theme';
import { notified } from '../store/notifications-slice';
import {
  CUSTOM_THEME,
  DEFAULT_THEME,
  isStylesheetTheme,
  themeLoadFailed,
  type ThemeKind,
  themesOf,
} from '../themes/catalogue';
import { fetchThemeStyle, showThemeStyle } from '../themes/theme-loader';

/** Applies the colour theme (light or dark, from the settings, or the system's until the user
 * picks one) to the whole page, and the chosen editor and preview themes to their panes. Draws
 * nothing itself. */
export function ThemeStyles() {
  const dispatch = useAppDispatch();
  const colorTheme = useColorTheme();
  const themes = useAppSelector((state) => state.themes);

  useEffect(
    () => applyColorTheme(colorTheme.theme, colorTheme.setting),
    [colorTheme.theme, colorTheme.setting],
  );
  useEffect(
    () => showPaneTheme('edit', themes.editTheme, themes.customEditThemeStyle, dispatch),
    [themes.editTheme, themes.customEditThemeStyle, dispatch],
  );
  useEffect(
    () => showPaneTheme('preview', themes.previewTheme, themes.customPreviewThemeStyle, dispatch),
    [themes.previewTheme, themes.customPreviewThemeStyle, dispatch],
  );
  return null;
}

// Shows one pane's theme; returns the effect's clean-up, which drops a load still under way
// when the user has chosen another theme meanwhile.
function showPaneTheme(
  kind: ThemeKind,
  id: string,
  customStyle: string | undefined,
  dispatch: AppDispatch,
): () => void {
  if (id === DEFAULT_THEME || !isStylesheetTheme(kind, id)) {
    showThemeStyle(kind, id, id === CUSTOM_THEME ? customStyle : undefined);
    return () => {};
  }
  let current = true;
  fetchThemeStyle(kind, id).then(
    (style) => {
      if (current) showThemeStyle(kind, id, style);
    },
    (error: unknown) => {
      if (!current) return;
      console.error(error);
      showThemeStyle(kind, id, undefined);
      const label = themesOf(kind).find((theme) => theme.id === id)?.label ?? id;
      dispatch(notified('error', themeLoadFailed(kind, label)));
    },
  );
  return () => {
    current = false;
  };
}
