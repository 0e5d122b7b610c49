'use client';

import { useAppDispatch, useAppSelector } from '../store';
import { notified } from '../store/notifications-slice';
import { useAppServices } from './app-context';
import { Icon } from './icon';
import { useColorTheme } from './use-color-theme';
import { earnBadge } from '../badges/badges';

/** Said when the colour theme cannot be written because the custom settings do not parse: the
 * user's text is kept as it is. */
export const SETTINGS_INVALID_FOR_THEME =
  'Your custom settings are not valid YAML, so the colour theme was not changed. Correct them in Settings first.';

/** The navigation bar's theme switch (spec interface §2, §3): pressed in the dark colour theme,
 * whether the settings or the system chose it. Pressing it writes the other one, `colorTheme:
 * light` or `dark`, into the user's custom settings, keeping every other line and comment of
 * them: from then on the choice holds whatever the system says. */
export function DarkThemeButton() {
  const dispatch = useAppDispatch();
  const { workspace } = useAppServices();
  const custom = useAppSelector((state) => state.settings.custom);
  const dark = useColorTheme().theme === 'dark';

  const toggle = () => {
    earnBadge('switchTheme');
    // (The YAML parser that writes the settings loads on the first press, not with the page.)
    import('../services/color-theme-toggle')
      .then(({ toggleColorTheme }) =>
        toggleColorTheme(custom, dark, (text) => workspace.saveSettings(text)),
      )
      .then(
        (result) => {
          if (result === 'invalid') dispatch(notified('error', SETTINGS_INVALID_FOR_THEME));
        },
        (error: unknown) => {
          console.error(error);
          dispatch(notified('error', error instanceof Error ? error.message : 'Unknown error.'));
        },
      );
  };

  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Dark theme"
      aria-pressed={dark}
      title="Dark theme"
      onClick={toggle}
    >
      <Icon name="moon" />
    </button>
  );
}
