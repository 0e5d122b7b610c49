/** Settings of this browser only, not of the workspace (spec interface §3 "Local settings"). */
export interface LocalSettings {
  /** The file properties dialog's tab last chosen. */
  filePropertiesTab: 'simple' | 'yaml';
  htmlExportTemplate: string;
  pdfExportTemplate: string;
  pandocExportFormat: string;
}

/** The local settings before the user changes any. */
export const defaultLocalSettings: Readonly<LocalSettings> = Object.freeze({
  filePropertiesTab: 'simple',
  htmlExportTemplate: 'styledHtml',
  pdfExportTemplate: 'styledHtml',
  pandocExportFormat: 'pdf',
});

const KEY = 'inkstone.localSettings';

/** Reads the local settings: stored values of the right type over the defaults. Unreadable
 * storage gives the defaults. */
export function readLocalSettings(storage: Storage = localStorage): LocalSettings {
  const result: LocalSettings = { ...defaultLocalSettings };
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(KEY) ?? '{}');
  } catch {
    return result;
  }
  if (typeof stored !== 'object' || stored === null) return result;
  for (const key of Object.keys(result) as (keyof LocalSettings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'string') (result as unknown as Record<string, string>)[key] = value;
  }
  if (result.filePropertiesTab !== 'yaml') result.filePropertiesTab = 'simple';
  return result;
}

/** Stores one local setting; a storage that refuses it only means it is not remembered. */
export function writeLocalSetting<K extends keyof LocalSettings>(
  key: K,
  value: LocalSettings[K],
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify({ ...readLocalSettings(storage), [key]: value }));
  } catch {
    // Not remembered.
  }
}
