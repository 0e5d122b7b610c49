import { defaultSettings, isBlankYaml, type UserSettings } from '@inkstone/core';

/**
 * The settings a custom settings text gives (core's `readSettings`: its values over the
 * defaults; the defaults when it is not valid YAML, whose error the settings dialog shows). The
 * YAML parser (the `yaml` package, 32 KB of gzip) is loaded only for a text that holds more than
 * blank lines and comments: the template every workspace starts with needs none, so the first
 * screen loads none (issue 26).
 */
export async function settingsOf(text: string): Promise<UserSettings> {
  if (isBlankYaml(text)) return defaultSettings();
  const { readSettings } = await import('./yaml-settings');
  return readSettings(text).settings;
}
