'use client';

import { useEffect, useId, useState } from 'react';
import { LOCAL_DB_ERROR } from '../services/workspace';
import { useAppDispatch, useAppSelector } from '../store';
import { sideBarPanelChosen } from '../store/layout-slice';
import { notified } from '../store/notifications-slice';
import { customThemeStyleSaved, themeChosen } from '../store/themes-slice';
import {
  CUSTOM_THEME,
  CUSTOM_THEME_SAVED,
  DEFAULT_THEME,
  themePanel,
  type ThemeKind,
  themesOf,
} from '../themes/catalogue';
import { customThemeTemplate } from '../themes/custom-template';
import { fetchThemeStyle } from '../themes/theme-loader';
import { chosenKey, customKey, needsCustomStyle } from '../themes/theme-settings';
import { useAppServices } from './app-context';
import './theme-panel.css';

/** The panel titles, as the spec's menu names them (interface §2). */
export const THEME_PANEL_TITLES: Record<ThemeKind, string> = {
  edit: 'Edit area theme',
  preview: 'Preview area theme',
};

/** A theme panel of the side bar (`editTheme`, `previewTheme`): the themes to choose from, and
 * the chosen one's style, read-only except for Custom, which is edited and saved here. */
export function ThemePanel({ kind }: { kind: ThemeKind }) {
  const dispatch = useAppDispatch();
  const { workspace } = useAppServices();
  const settings = useAppSelector((state) => state.themes);
  const chosen = settings[chosenKey(kind)];
  const name = useId();

  const choose = (id: string) => {
    if (needsCustomStyle(settings, kind, id)) dispatch(sideBarPanelChosen(themePanel(kind)));
    dispatch(themeChosen({ kind, id }));
    workspace.saveLocalSettings({ [chosenKey(kind)]: id }).catch((error: unknown) => {
      console.error(error);
      dispatch(notified('error', LOCAL_DB_ERROR));
    });
  };

  return (
    <div className="side-panel theme-panel">
      <div className="theme-panel__choices" role="radiogroup" aria-label={THEME_PANEL_TITLES[kind]}>
        {themesOf(kind).map((theme) => (
          <label key={theme.id} className="theme-panel__choice">
            <input
              type="radio"
              name={name}
              value={theme.id}
              checked={chosen === theme.id}
              onChange={() => choose(theme.id)}
            />
            {theme.label}
          </label>
        ))}
      </div>
      {chosen === CUSTOM_THEME ? (
        <CustomStyle kind={kind} key={kind} saved={settings[customKey(kind)]} />
      ) : chosen === DEFAULT_THEME ? (
        <p className="side-panel__hint">The default theme has no extra styles.</p>
      ) : (
        <ThemeStyleText kind={kind} id={chosen} />
      )}
    </div>
  );
}

// The read-only style of a theme from public/themes/ (already fetched to be shown).
function ThemeStyleText({ kind, id }: { kind: ThemeKind; id: string }) {
  const [style, setStyle] = useState('');
  useEffect(() => {
    let current = true;
    setStyle('');
    fetchThemeStyle(kind, id).then(
      (text) => {
        if (current) setStyle(text);
      },
      // The load failure is already notified by ThemeStyles.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [kind, id]);
  return (
    <textarea
      className="theme-panel__style"
      aria-label="Theme style"
      readOnly
      rows={16}
      spellCheck={false}
      value={style}
    />
  );
}

// The custom theme's style: edited here, applied and kept when saved.
function CustomStyle({ kind, saved }: { kind: ThemeKind; saved: string | undefined }) {
  const dispatch = useAppDispatch();
  const { workspace } = useAppServices();
  const [draft, setDraft] = useState(saved ?? customThemeTemplate(kind));
  const save = () => {
    workspace.saveLocalSettings({ [customKey(kind)]: draft }).then(
      () => {
        dispatch(customThemeStyleSaved({ kind, style: draft }));
        dispatch(notified('info', CUSTOM_THEME_SAVED));
      },
      (error: unknown) => {
        console.error(error);
        dispatch(notified('error', LOCAL_DB_ERROR));
      },
    );
  };
  return (
    <>
      <textarea
        className="theme-panel__style"
        aria-label="Custom theme style"
        rows={16}
        spellCheck={false}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="button" className="button button--primary" onClick={save}>
        Save
      </button>
    </>
  );
}
