import { parseYamlObject } from '../properties/yaml.js';
import { defaultSettings, settingsOver, type UserSettings } from './user-settings.js';

/** The settings for a custom settings text: its values over the defaults, keeping a default
 * wherever the custom value has another type. Invalid YAML gives the defaults and the error.
 * Apart from `user-settings.ts` because it needs the YAML parser, which the app loads only when
 * a custom settings text holds more than comments (issue 26). */
export function readSettings(customYaml: string): { settings: UserSettings; error?: string } {
  const parsed = parseYamlObject(customYaml);
  if (!parsed.ok) return { settings: defaultSettings(), error: parsed.error };
  return { settings: settingsOver(parsed.value) };
}
