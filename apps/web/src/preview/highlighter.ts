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

/** Highlighting of fenced code, with its languages loaded on demand. */
export interface LazyHighlighter {
  /** Highlights code of a loaded language; null (plain code) until its language is loaded. */
  highlight: Highlighter;
  /**
   * Starts loading every language that a fence of `text` names and that is not loaded yet.
   * Resolves once each of them has arrived (or failed); undefined when none was missing. A big
   * paste or a file opened can wait for its languages before rendering most of its code, rather
   * than rendering that code plain and again once highlighted.
   */
  prefetch(text: string): Promise<void> | undefined;
}

// A fence's opening line: up to three spaces, three backticks or tildes, then its info string.
const FENCE_OPENING = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`]+)/gm;

/**
 * Highlights fenced code with highlight.js, loading each language the first time a document
 * uses it: until then the code shows plain, and `onLoaded` is told the names written in the
 * document for it, so the blocks holding such code are rendered again.
 */
export function createHighlighter(onLoaded: (languages: string[]) => void): LazyHighlighter {
  const waiting = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<void>>();
  // Loads language `name` (written `written` in the document) once; resolves when it is there.
  const load = (name: string, written: string): Promise<void> | undefined => {
    const loader = LOADERS[name];
    if (!loader || hljs.getLanguage(name)) return undefined;
    const asked = waiting.get(name);
    if (asked) asked.add(written);
    else waiting.set(name, new Set([written]));
    let loaded = loading.get(name);
    if (!loaded) {
      loaded = loader()
        .then((module) => {
          hljs.registerLanguage(name, module.default);
          onLoaded([...(waiting.get(name) ?? [])]);
        })
        .catch((error: unknown) => console.error(`Highlighting ${name} could not load.`, error));
      loading.set(name, loaded);
    }
    return loaded;
  };
  return {
    highlight: (code, written) => {
      const name = ALIASES[written] ?? written;
      if (hljs.getLanguage(name)) {
        return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
      }
      void load(name, written);
      return null;
    },
    prefetch: (text) => {
      const pending = new Set<Promise<void>>();
      for (const match of text.matchAll(FENCE_OPENING)) {
        // As the converter reads a fence's language (fenceLanguage in @inkstone/markdown).
        const written = match[1]!.toLowerCase();
        const loaded = load(ALIASES[written] ?? written, written);
        if (loaded) pending.add(loaded);
      }
      return pending.size > 0 ? Promise.all(pending).then(() => undefined) : undefined;
    },
  };
}
