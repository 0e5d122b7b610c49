import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../db/memory-repository.js';
import { itemIds } from '../items/item-ids.js';
import { type ContentItem } from '../items/types.js';
import { CUSTOM_SETTINGS_TEMPLATE } from '../settings/user-settings.js';
import { createFile } from './files.js';
import {
  InvalidYamlError,
  readCustomSettings,
  saveCustomSettings,
  saveProperties,
} from './properties.js';

const setup = async () => {
  const repo = new MemoryDatabase('inkstone-db').connect();
  const file = await createFile(repo, () => 'file0000000000001', { text: 'Text.' });
  return { repo, file };
};

describe('file properties and custom settings', () => {
  it("saves a file's properties and keeps its text", async () => {
    const { repo, file } = await setup();
    await saveProperties(repo, file.id, 'extensions:\n  preset: gfm\n');
    const content = await repo.get<ContentItem>(itemIds.content(file.id));
    expect(content).toMatchObject({ text: 'Text.\n', properties: 'extensions:\n  preset: gfm\n' });
  });

  it('refuses invalid YAML with the parser message, changing nothing', async () => {
    const { repo, file } = await setup();
    await expect(saveProperties(repo, file.id, 'title: [')).rejects.toBeInstanceOf(
      InvalidYamlError,
    );
    expect((await repo.get<ContentItem>(itemIds.content(file.id)))?.properties).toBe('');
    await expect(saveCustomSettings(repo, 'a: [')).rejects.toThrow(/line/i);
  });

  it('keeps custom settings, starting from the comments-only template', async () => {
    const { repo } = await setup();
    expect(await readCustomSettings(repo)).toBe(CUSTOM_SETTINGS_TEMPLATE);
    await saveCustomSettings(repo, 'colorTheme: dark\n');
    expect(await readCustomSettings(repo)).toBe('colorTheme: dark\n');
  });
});
