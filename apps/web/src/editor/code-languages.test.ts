import { LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeLanguageLookup, FUZZY_LOOKUPS_KEPT } from './code-languages';

// Info strings as writers put them after ```: every name and alias, in other cases, with
// versions and punctuation, and names of no language.
const INFOS = [
  ...languages.flatMap((language) => [language.name, ...language.alias]),
  ...languages.map((language) => language.name.toUpperCase()),
  'JS',
  'Js',
  'py3',
  'python3',
  'c++',
  'C',
  'c#',
  'objective-c',
  'shell-session',
  'console',
  'jsonc',
  'tsx',
  'jsx',
  'mermaid',
  'math',
  'x',
  'r',
  'go-lang',
  'text',
  'plaintext',
  'not-a-language',
  'é',
];

describe('codeLanguageLookup', () => {
  afterEach(() => vi.restoreAllMocks());

  it('finds for every info string the language CodeMirror’s own scan finds', () => {
    const lookup = codeLanguageLookup(languages);
    for (const info of INFOS) {
      // Twice: the second answer comes from what the lookup remembered.
      const expected = LanguageDescription.matchLanguageName(languages, info, true);
      expect(lookup(info), info).toBe(expected);
      expect(lookup(info), info).toBe(expected);
    }
    expect(lookup('javascript')?.name).toBe('JavaScript');
    expect(lookup('Python')?.name).toBe('Python');
    expect(lookup('not-a-language')).toBeNull();
  });

  it('scans the list at most once per info string that names no language exactly', () => {
    const lookup = codeLanguageLookup(languages);
    const scan = vi.spyOn(LanguageDescription, 'matchLanguageName');
    for (let i = 0; i < 100; i += 1) {
      lookup('JavaScript');
      lookup('ts');
      lookup('python3');
      lookup('nothing-known');
    }
    expect(scan).toHaveBeenCalledTimes(2);
  });

  it('stays small however many unknown names a text holds, and still answers right', () => {
    const lookup = codeLanguageLookup(languages);
    const scan = vi.spyOn(LanguageDescription, 'matchLanguageName');
    for (let i = 0; i < FUZZY_LOOKUPS_KEPT * 3; i += 1) expect(lookup(`unknown-${i}`)).toBeNull();
    expect(scan).toHaveBeenCalledTimes(FUZZY_LOOKUPS_KEPT * 3);
    const python3 = LanguageDescription.matchLanguageName(languages, 'python3', true);
    expect(python3).not.toBeNull();
    expect(lookup('python3')).toBe(python3);
  });

  it('gives the first language having a name when two have it, as the scan does', () => {
    const first = LanguageDescription.of({ name: 'One', alias: ['shared'], load: vi.fn() });
    const second = LanguageDescription.of({ name: 'Two', alias: ['shared'], load: vi.fn() });
    expect(codeLanguageLookup([first, second])('Shared')).toBe(first);
  });
});
