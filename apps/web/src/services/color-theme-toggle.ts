import { setSettingsKey } from '@inkstone/core';

/** What the "Dark theme" button does: writes the other colour theme into the custom settings
 * text (keeping the user's other lines and comments) and saves it. Custom settings that are
 * not valid YAML are never overwritten: nothing is saved and the result is 'invalid'. */
export async function toggleColorTheme(
  customYaml: string,
  dark: boolean,
  save: (text: string) => Promise<void>,
): Promise<'saved' | 'invalid'> {
  const result = setSettingsKey(customYaml, ['colorTheme'], dark ? 'light' : 'dark');
  if (!result.ok) return 'invalid';
  await save(result.text);
  return 'saved';
}
