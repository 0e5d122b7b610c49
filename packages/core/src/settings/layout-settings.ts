import { type LayoutSettings } from '../items/types.js';

/** Layout settings before the user changes any (spec interface §3). */
export const defaultLayoutSettings: Readonly<LayoutSettings> = Object.freeze({
  showNavigationBar: true,
  showEditor: true,
  showSidePreview: true,
  showStatusBar: true,
  showSideBar: false,
  showExplorer: false,
  focusMode: false,
  findCaseSensitive: false,
  findUseRegexp: false,
  scrollSync: true,
  sideBarPanel: 'menu',
  welcomeTourFinished: false,
});

/** Reads stored layout settings, keeping only known keys of the right type over the defaults,
 * so a damaged or older record never breaks the layout. */
export function readLayoutSettings(stored: unknown): LayoutSettings {
  const result: LayoutSettings = { ...defaultLayoutSettings };
  if (typeof stored !== 'object' || stored === null) return result;
  const record = stored as Record<string, unknown>;
  for (const key of Object.keys(defaultLayoutSettings) as (keyof LayoutSettings)[]) {
    const value = record[key];
    if (typeof value === typeof defaultLayoutSettings[key]) {
      (result as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return result;
}
