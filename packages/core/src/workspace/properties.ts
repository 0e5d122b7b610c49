import { type ItemRepository } from '../db/repository.js';
import { withHash } from '../items/hash.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem, type DataItem } from '../items/types.js';
import { CUSTOM_SETTINGS_TEMPLATE } from '../settings/user-settings.js';

// The YAML parser is imported when a text is saved, not with this module: the app opens its
// workspace through here, before the editor is editable (issue 26), and needs no parser for that.
const yamlParser = () => import('../properties/yaml.js');

/** Raised when YAML to be saved does not parse; saving is refused and nothing is lost. */
export class InvalidYamlError extends Error {
  override name = 'InvalidYamlError';
}

/** Saves a file's properties (YAML text). Invalid YAML is refused with the parser's message. */
export async function saveProperties(
  repo: ItemRepository,
  fileId: string,
  properties: string,
): Promise<ContentItem | undefined> {
  const parsed = (await yamlParser()).parseYamlObject(properties);
  if (!parsed.ok) throw new InvalidYamlError(parsed.error);
  return repo.update<ContentItem>(itemIds.content(fileId), (current) => {
    if (!current || current.properties === properties) return undefined;
    const { tx: _tx, hash: _hash, ...content } = current;
    return withHash<ContentItem>({ ...content, properties });
  });
}

/** Reads the custom settings text (the comments-only template before the first save). */
export async function readCustomSettings(repo: ItemRepository): Promise<string> {
  const item = await repo.get<DataItem<string>>('settings');
  return typeof item?.data === 'string' ? item.data : CUSTOM_SETTINGS_TEMPLATE;
}

/** Saves the custom settings text. Invalid YAML is refused with the parser's message. */
export async function saveCustomSettings(repo: ItemRepository, text: string): Promise<void> {
  const parsed = (await yamlParser()).parseYamlObject(text);
  if (!parsed.ok) throw new InvalidYamlError(parsed.error);
  await repo.put([withHash<DataItem<string>>({ id: 'settings', type: 'data', data: text })]);
}
