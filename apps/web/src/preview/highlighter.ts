import hljs from 'highlight.js/lib/core';
import { type Highlighter } from '@inkstone/markdown';

type LanguageModule = { default: Parameters<typeof hljs.registerLanguage>[1] };

// Languages that can be highlighted, each loaded the first time a document uses it.
const LOADERS: Readonly<Record<string, () => Promise<LanguageModule>>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  scala: () => import('highlight.js/lib/languages/scala'),
  dart: () => import('highlight.js/lib/languages/dart'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  erlang: () => import('highlight.js/lib/languages/erlang'),
  clojure: () => import('highlight.js/lib/languages/clojure'),
  groovy: () => import('highlight.js/lib/languages/groovy'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  protobuf: () => import('highlight.js/lib/languages/protobuf'),
  julia: () => import('highlight.js/lib/languages/julia'),
  matlab: () => import('highlight.js/lib/languages/matlab'),
  ocaml: () => import('highlight.js/lib/languages/ocaml'),
  vim: () => import('highlight.js/lib/languages/vim'),
  wasm: () => import('highlight.js/lib/languages/wasm'),
  less: () => import('highlight.js/lib/languages/less'),
};

// Names people write for those languages.
const ALIASES: Readonly<Record<string, string>> = {
  sh: 'bash',
  zsh: 'bash',
  console: 'shell',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  patch: 'diff',
  docker: 'dockerfile',
  golang: 'go',
  gql: 'graphql',
  toml: 'ini',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  kt: 'kotlin',
  tex: 'latex',
  make: 'makefile',
  md: 'markdown',
  objc: 'objectivec',
  pl: 'perl',
  text: 'plaintext',
  txt: 'plaintext',
  ps1: 'powershell',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'xml',
  svg: 'xml',
  yml: 'yaml',
  hs: 'haskell',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  clj: 'clojure',
  jl: 'julia',
  ml: 'ocaml',
  proto: 'protobuf',
};

/**
 * Languages whose definitions hand parts of the code to another language (highlight.js's
 * `subLanguage`): HTML's `<script>` and `<style>`, JSX in JavaScript, Markdown's raw HTML. Such a
 * language is registered only once those have loaded too, so a block shows the same colours
 * whichever blocks of the document happened to load their languages first.
 * (highlighter.test.ts reads the definitions to check this list.)
 */
export const EMBEDDED: Readonly<Record<string, readonly string[]>> = {
  dart: ['markdown'],
  dockerfile: ['bash'],
  javascript: ['xml', 'css', 'graphql'],
  markdown: ['xml'],
  shell: ['bash'],
  typescript: ['xml', 'css', 'graphql'],
  xml: ['css', 'javascript'],
  yaml: ['ruby'],
};

/** The language and every language it embeds, directly or not, that can be loaded. */
export function withEmbedded(name: string): string[] {
  const found = new Set<string>();
  const visit = (language: string) => {
    if (found.has(language) || !LOADERS[language]) return;
    found.add(language);
    for (const embedded of EMBEDDED[language] ?? []) visit(embedded);
  };
  visit(name);
  return [...found];
}

/** Every language highlight.js can be asked for here. */
export const LANGUAGES: readonly string[] = Object.keys(LOADERS);

/** The language highlight.js knows by a name written in a fence (an alias resolved). */
function languageOf(written: string): string {
  return ALIASES[written] ?? written;
}

/** Whether code of a language written in a fence can be highlighted here (loaded or not). */
export function canHighlight(written: string): boolean {
  return LOADERS[languageOf(written)] !== undefined;
}

/** Whether code of a language written in a fence is highlighted at once (its language and
 * those it embeds are loaded). */
export function isLoaded(written: string): boolean {
  return hljs.getLanguage(languageOf(written)) !== undefined;
}

/** A highlighter that loads its languages as documents use them. */
export interface LoadingHighlighter extends Highlighter {
  /** Loads languages ahead of use (names as written in fences): none of them is waited for, so
   * `onLoaded` is not told of them. */
  preload(written: readonly string[]): void;
}

/**
 * Highlights fenced code with highlight.js, loading each language the first time a document
 * uses it, with the languages it embeds: until then the code shows plain, and `onLoaded` is
 * told the names written in the document for the languages that arrived, so the blocks
 * holding such code are rendered again. `onFailed`, when given, is told the names written for
 * languages that could not load (they stay plain).
 */
export function createHighlighter(
  onLoaded: (languages: string[]) => void,
  onFailed?: (languages: string[]) => void,
): LoadingHighlighter {
  const waiting = new Map<string, Set<string>>();
  const loading = new Set<string>();
  const load = (name: string) => {
    const names = withEmbedded(name).filter((language) => !hljs.getLanguage(language));
    for (const language of names) loading.add(language);
    const writtenFor = () => names.flatMap((language) => [...(waiting.get(language) ?? [])]);
    Promise.all(names.map(async (language) => [language, await LOADERS[language]!()] as const))
      .then((modules) => {
        for (const [language, module] of modules) {
          if (!hljs.getLanguage(language)) hljs.registerLanguage(language, module.default);
        }
        const written = writtenFor();
        for (const language of names) waiting.delete(language);
        if (written.length > 0) onLoaded(written);
      })
      .catch((error: unknown) => {
        const written = writtenFor();
        for (const language of names) {
          loading.delete(language);
          waiting.delete(language);
        }
        console.error(`Highlighting ${name} could not load.`, error);
        if (written.length > 0) onFailed?.(written);
      });
  };
  const highlight = (code: string, written: string): string | null => {
    const name = languageOf(written);
    if (hljs.getLanguage(name)) {
      return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
    }
    if (!LOADERS[name]) return null;
    const asked = waiting.get(name) ?? new Set<string>();
    asked.add(written);
    waiting.set(name, asked);
    if (!loading.has(name)) load(name);
    return null;
  };
  const preload = (written: readonly string[]) => {
    for (const name of new Set(written.map(languageOf))) {
      if (LOADERS[name] && !hljs.getLanguage(name) && !loading.has(name)) load(name);
    }
  };
  return Object.assign(highlight, { preload });
}
