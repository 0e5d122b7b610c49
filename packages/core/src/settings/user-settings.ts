import { AUTO_SYNC_EVERY_DEFAULT, AUTO_SYNC_EVERY_MIN } from '../constants.js';

/** The colorTheme setting: the spec's light and dark (interface §3), or `system`, the default:
 * light or dark as the system's setting says (`prefers-color-scheme`), until the user picks
 * one. */
export type ColorThemeSetting = 'light' | 'dark' | 'system';

/** The user settings (spec interface §3). Custom settings are YAML merged over the defaults. */
export interface UserSettings {
  colorTheme: ColorThemeSetting;
  fontSizeFactor: number;
  maxWidthFactor: number;
  autoSyncEvery: number;
  /** Local revisions of the files (docs/how-to/history.md): kept or not, and the budget of a
   * workspace's revisions in bytes. */
  history: { local: boolean; maxBytes: number };
  editor: {
    listAutoNumber: boolean;
    inlineImages: boolean;
    monospacedFontOnly: boolean;
    showInPageButtons: boolean;
    headButtons: boolean;
    /** Vim key bindings in the editor. */
    vimMode: boolean;
    /** The largest image (bytes) a paste, a drop or the Insert image dialog takes. */
    maxImageSize: number;
  };
  /** Markdown presets and extensions (docs/reference/markdown-extensions.md). */
  extensions: Record<string, unknown>;
  /** The keys of the editor's commands: command name → CodeMirror key name (or a list of them;
   * empty for none). The user's entries replace the defaults of their commands. */
  shortcuts: Record<string, unknown>;
  /** Options of the HTML to markdown conversion of imported HTML files (turndown's options). */
  turndown: TurndownSettings;
  newFileContent: string;
  newFileProperties: string;
  /** Commit messages of git workspaces and locations; `{{path}}` is the file's path. */
  git: { createFileMessage: string; updateFileMessage: string; deleteFileMessage: string };
  /** Page of the PDF export: size (A4, Letter…) and margins in millimetres. */
  wkhtmltopdf: {
    pageSize: string;
    marginTop: number;
    marginRight: number;
    marginBottom: number;
    marginLeft: number;
  };
  /** Options of the pandoc export. */
  pandoc: { highlightStyle: string; toc: boolean; tocDepth: number };
}

/** How imported HTML becomes markdown: the options of the turndown converter. */
export interface TurndownSettings {
  headingStyle: 'setext' | 'atx';
  hr: string;
  bulletListMarker: '-' | '+' | '*';
  codeBlockStyle: 'indented' | 'fenced';
  fence: '```' | '~~~';
  emDelimiter: '_' | '*';
  strongDelimiter: '**' | '__';
  linkStyle: 'inlined' | 'referenced';
  linkReferenceStyle: 'full' | 'collapsed' | 'shortcut';
}

/** The defaults, as shown in the settings dialog's 'Default settings' tab. */
export const DEFAULT_SETTINGS_YAML = `# Light or dark colours: light, dark, or system to follow the system's setting. The Dark
# theme button writes light or dark in your settings; write system there to follow it again.
colorTheme: system
# Scale of the editor's and the preview's font size.
fontSizeFactor: 1
# Scale of the editor's and the preview's text width.
maxWidthFactor: 1
# How often workspaces with automatic sync synchronise, in milliseconds (at least 60000).
autoSyncEvery: 90000

history:
  # Keep local revisions of the files in this browser (the History panel).
  local: true
  # Bytes the local revisions of a workspace may take; the oldest are thinned first.
  maxBytes: 20000000

editor:
  # Number ordered lists automatically.
  listAutoNumber: true
  # Show images below their markdown in the editor.
  inlineImages: true
  # Use a monospaced font for all the text.
  monospacedFontOnly: false
  # Show the buttons in the preview (copy a code block, and so on).
  showInPageButtons: true
  # Show the buttons beside headings in the preview.
  headButtons: true
  # Vim key bindings in the editor (Escape for normal mode, then h, j, k, l…).
  vimMode: false
  # The largest image (in bytes) a paste, a drop or the Insert image dialog takes: 10 MB.
  maxImageSize: 10485760

# How markdown is converted: a preset (zero, commonmark, gfm or default) and extension
# switches (abbr, breaks, deflist, del, fence, footnote, imgsize, linkify, mark, sub, sup,
# table, tasklist, typographer, toc, emoji, katex, mermaid, abc). A file's properties can
# choose their own.
extensions:
  preset: default

# The keys of the editor's commands: a command name and a CodeMirror key name, or a list of
# them ([Mod-y, Mod-Shift-z]); Mod is Ctrl (⌘ on a Mac). Leave a key empty to switch it off.
shortcuts:
  undo: Mod-z
  redo: [Mod-Shift-z, Mod-y]
  bold: Mod-b
  italic: Mod-i
  heading: Mod-Shift-h
  strikethrough: Mod-Shift-x
  unorderedList: Mod-Shift-8
  orderedList: Mod-Shift-7
  checkList: Mod-Shift-9
  blockquote: Mod-Shift-.
  code: Mod-e
  table: Mod-Alt-y
  link: Mod-k
  image: Mod-Alt-k

# How imported HTML files become markdown (the options of the turndown converter).
turndown:
  # atx (# Title) or setext (Title underlined).
  headingStyle: atx
  # The line written for <hr>.
  hr: '---'
  # '-', '+' or '*'.
  bulletListMarker: '-'
  # fenced or indented.
  codeBlockStyle: fenced
  # '\`\`\`' or '~~~'.
  fence: '\`\`\`'
  # '_' or '*'.
  emDelimiter: _
  # '**' or '__'.
  strongDelimiter: '**'
  # inlined or referenced.
  linkStyle: inlined
  # full, collapsed or shortcut (for referenced links).
  linkReferenceStyle: full

# The text and the properties of new files.
newFileContent: |

newFileProperties: |

# Commit messages of git workspaces and locations ({{path}} is the file's path).
git:
  createFileMessage: '{{path}} created with Inkstone'
  updateFileMessage: '{{path}} updated with Inkstone'
  deleteFileMessage: '{{path}} deleted with Inkstone'

# The PDF export's page: its size (A4, A3, A5, Letter, Legal…) and margins in millimetres.
wkhtmltopdf:
  pageSize: A4
  marginTop: 25
  marginRight: 25
  marginBottom: 25
  marginLeft: 25

# The pandoc export: code highlighting style, and a table of contents down to tocDepth.
pandoc:
  highlightStyle: kate
  toc: true
  tocDepth: 3
`;

/** What a custom settings text starts with: comments only (spec interface §4). */
export const CUSTOM_SETTINGS_TEMPLATE = `# Your settings, merged over the default settings.
# Copy a line from the 'Default settings' tab and change its value, for example:
# colorTheme: dark
`;

// The defaults as values: the same settings as DEFAULT_SETTINGS_YAML (a test parses that text
// and compares), written out so that starting the app needs no YAML parser (issue 26).
const defaults: UserSettings = {
  colorTheme: 'system',
  fontSizeFactor: 1,
  maxWidthFactor: 1,
  autoSyncEvery: 90000,
  history: { local: true, maxBytes: 20_000_000 },
  editor: {
    listAutoNumber: true,
    inlineImages: true,
    monospacedFontOnly: false,
    showInPageButtons: true,
    headButtons: true,
    vimMode: false,
    maxImageSize: 10485760,
  },
  extensions: { preset: 'default' },
  shortcuts: {
    undo: 'Mod-z',
    redo: ['Mod-Shift-z', 'Mod-y'],
    bold: 'Mod-b',
    italic: 'Mod-i',
    heading: 'Mod-Shift-h',
    strikethrough: 'Mod-Shift-x',
    unorderedList: 'Mod-Shift-8',
    orderedList: 'Mod-Shift-7',
    checkList: 'Mod-Shift-9',
    blockquote: 'Mod-Shift-.',
    code: 'Mod-e',
    table: 'Mod-Alt-y',
    link: 'Mod-k',
    image: 'Mod-Alt-k',
  },
  turndown: {
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    fence: '```',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
    linkReferenceStyle: 'full',
  },
  newFileContent: '',
  newFileProperties: '',
  git: {
    createFileMessage: '{{path}} created with Inkstone',
    updateFileMessage: '{{path}} updated with Inkstone',
    deleteFileMessage: '{{path}} deleted with Inkstone',
  },
  wkhtmltopdf: {
    pageSize: 'A4',
    marginTop: 25,
    marginRight: 25,
    marginBottom: 25,
    marginLeft: 25,
  },
  pandoc: { highlightStyle: 'kate', toc: true, tocDepth: 3 },
};

/** The default settings. */
export function defaultSettings(): UserSettings {
  return structuredCopy(defaults);
}

/** Whether a YAML text holds nothing but blank lines and comments (as the custom settings'
 * template does): it gives no value, so it can be read without a YAML parser. */
export function isBlankYaml(text: string): boolean {
  for (const line of text.split('\n')) {
    const start = line.trimStart();
    if (start !== '' && !start.startsWith('#')) return false;
  }
  return true;
}

/** The settings for the values of a custom settings text (parsed as YAML by `readSettings`):
 * its values over the defaults, keeping a default wherever the custom value has another type. */
export function settingsOver(custom: Record<string, unknown>): UserSettings {
  const settings = defaultSettings();
  mergeInto(settings as unknown as Record<string, unknown>, custom);
  settings.autoSyncEvery = Math.max(AUTO_SYNC_EVERY_MIN, settings.autoSyncEvery);
  if (!Number.isFinite(settings.autoSyncEvery)) settings.autoSyncEvery = AUTO_SYNC_EVERY_DEFAULT;
  if (!Number.isFinite(settings.history.maxBytes) || settings.history.maxBytes < 0) {
    settings.history.maxBytes = defaults.history.maxBytes;
  }
  if (settings.colorTheme !== 'dark' && settings.colorTheme !== 'light') {
    settings.colorTheme = 'system';
  }
  return settings;
}

// Maps whose custom object replaces the default one as a whole, and maps whose custom entries
// replace the default entries one by one, whatever their type.
const REPLACED = 'extensions';
const EXTENDED = 'shortcuts';

// Copies custom values of the right type onto the defaults, but free maps as described above.
function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [key, value] of Object.entries(source)) {
    if (!Object.hasOwn(target, key)) continue;
    const current = target[key];
    if (key === REPLACED && isObject(value)) target[key] = value;
    else if (key === EXTENDED && isObject(value) && isObject(current)) {
      target[key] = { ...current, ...value };
    } else if (isObject(current) && isObject(value)) mergeInto(current, value);
    else if (typeof current === typeof value && !isObject(current)) target[key] = value;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
