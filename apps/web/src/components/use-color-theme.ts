import { useSyncExternalStore } from 'react';
import { type ColorThemeSetting } from '@inkstone/core';
import {
  type ColorTheme,
  onSystemColorThemeChange,
  resolveColorTheme,
  systemColorTheme,
} from '../services/color-theme';
import { useAppSelector } from '../store';

/** The colour theme shown, and the colorTheme setting that gives it: while the setting is
 * `system`, the system's, followed as it changes. */
export function useColorTheme(): { theme: ColorTheme; setting: ColorThemeSetting } {
  const setting = useAppSelector((state) => state.settings.settings.colorTheme);
  const system = useSyncExternalStore(
    onSystemColorThemeChange,
    systemColorTheme,
    (): ColorTheme => 'light',
  );
  return { theme: resolveColorTheme(setting, system), setting };
}
