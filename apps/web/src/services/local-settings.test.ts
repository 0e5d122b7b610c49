import { describe, expect, it } from 'vitest';
import { readLocalSettings, writeLocalSetting } from './local-settings';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('local settings', () => {
  it('start with the spec defaults', () => {
    expect(readLocalSettings(memoryStorage())).toEqual({
      filePropertiesTab: 'simple',
      htmlExportTemplate: 'styledHtml',
      pdfExportTemplate: 'styledHtml',
      pandocExportFormat: 'pdf',
    });
  });

  it('remember a written value and keep the others', () => {
    const storage = memoryStorage();
    writeLocalSetting('filePropertiesTab', 'yaml', storage);
    writeLocalSetting('pandocExportFormat', 'docx', storage);
    expect(readLocalSettings(storage)).toMatchObject({
      filePropertiesTab: 'yaml',
      pandocExportFormat: 'docx',
    });
  });

  it('ignore damaged or unknown stored values', () => {
    const storage = memoryStorage();
    storage.setItem('inkstone.localSettings', '{"filePropertiesTab":"other","x":1');
    expect(readLocalSettings(storage).filePropertiesTab).toBe('simple');
    storage.setItem('inkstone.localSettings', '{"filePropertiesTab":"other"}');
    expect(readLocalSettings(storage).filePropertiesTab).toBe('simple');
  });
});
