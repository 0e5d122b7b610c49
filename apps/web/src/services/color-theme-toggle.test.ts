import { describe, expect, it } from 'vitest';
import { toggleColorTheme } from './color-theme-toggle';

describe('the Dark theme button', () => {
  it('writes the other colour theme into the custom settings, keeping the rest', async () => {
    const saved: string[] = [];
    const save = (text: string) => {
      saved.push(text);
      return Promise.resolve();
    };
    await expect(toggleColorTheme('# mine\nfontSizeFactor: 2\n', false, save)).resolves.toBe(
      'saved',
    );
    await expect(toggleColorTheme(saved[0]!, true, save)).resolves.toBe('saved');
    expect(saved).toEqual([
      '# mine\nfontSizeFactor: 2\ncolorTheme: dark\n',
      '# mine\nfontSizeFactor: 2\ncolorTheme: light\n',
    ]);
  });

  it('never overwrites custom settings that are not valid YAML', async () => {
    const saved: string[] = [];
    const result = await toggleColorTheme('editor: [', false, (text) => {
      saved.push(text);
      return Promise.resolve();
    });
    expect(result).toBe('invalid');
    expect(saved).toEqual([]);
  });
});
