import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as essentials from './essentials.js';
import * as whole from './index.js';

const SOURCE = dirname(fileURLToPath(import.meta.url));

// The modules a source file loads when it runs: its imports and re-exports, except those of
// types only (`import type`, `export type`), which the compiler erases. An `import { type X }`
// counts: under verbatimModuleSyntax it stays as `import {} from`, which loads the module.
function loadedModules(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(
    /^(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?'([^']+)';/gms,
  )) {
    if (!match[1]) found.push(match[2]!);
  }
  return found;
}

// Every package a module loads, following its relative imports.
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of loadedModules(file)) {
      if (specifier.startsWith('.')) {
        walk(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      } else {
        packages.add(specifier);
      }
    }
  };
  walk(resolve(SOURCE, entry));
  return packages;
}

describe('@inkstone/markdown/essentials', () => {
  it('loads neither markdown-it, its plugins, KaTeX nor the sanitiser', () => {
    const loaded = [...packagesLoadedBy('essentials.ts')];
    expect(loaded.filter((name) => /markdown-it|katex|dompurify/.test(name))).toEqual([]);
  });

  it('the whole package does load them (the check above can fail)', () => {
    const loaded = [...packagesLoadedBy('index.ts')];
    expect(loaded).toEqual(expect.arrayContaining(['markdown-it', 'katex', 'dompurify']));
  });

  it('exports the same values as the package index', () => {
    for (const [name, value] of Object.entries(essentials)) {
      expect(whole[name as keyof typeof whole], name).toBe(value);
    }
  });
});
