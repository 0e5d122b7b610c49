import { MARKDOWN_EXTENSIONS } from '../constants.js';
import {
  type ConverterOptions,
  DEFAULT_MARKDOWN_PRESET,
  isMarkdownPreset,
  MARKDOWN_PRESET_OPTIONS,
  type MarkdownPreset,
} from '../converter-options.js';

type Layer = Readonly<Record<string, unknown>>;

/**
 * The converter options for one document: its file properties' `extensions` over the user
 * settings' `extensions`, over the `default` preset. Both arguments are parsed YAML of any shape;
 * what is not understood is ignored, so a bad property never breaks the preview.
 *
 * Each layer may name a `preset` and set switches, flat (`{ preset: 'gfm', table: false,
 * katex: true }`) or nested as in StackEdit documents (`{ preset, markdown: { breaks: true },
 * katex: { enabled: true } }`); a flat switch wins over the same switch under `markdown`. A
 * preset in the file replaces the settings' preset and their switches: the file's switches then
 * apply to that preset alone. An unknown preset name means `default`; non-boolean switches,
 * unknown keys and `html` are ignored (docs/reference/markdown-extensions.md).
 */
export function resolveMarkdownOptions(
  fileExtensions: unknown,
  settingsExtensions: unknown,
): ConverterOptions {
  const file = asLayer(fileExtensions);
  const settings = asLayer(settingsExtensions);
  const filePreset = presetOf(file);
  const resolved: ConverterOptions = {
    ...MARKDOWN_PRESET_OPTIONS[filePreset ?? presetOf(settings) ?? DEFAULT_MARKDOWN_PRESET],
  };
  if (filePreset === undefined) applySwitches(resolved, settings);
  applySwitches(resolved, file);
  return resolved;
}

function asLayer(value: unknown): Layer {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Layer)
    : {};
}

function own(layer: Layer, key: string): unknown {
  return Object.hasOwn(layer, key) ? layer[key] : undefined;
}

// The layer's preset; `undefined` when it names none (or not as a string). Names are matched
// ignoring case and surrounding spaces (`GFM`, ` zero `).
function presetOf(layer: Layer): MarkdownPreset | undefined {
  const value = own(layer, 'preset');
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  return isMarkdownPreset(name) ? name : DEFAULT_MARKDOWN_PRESET;
}

function applySwitches(target: ConverterOptions, layer: Layer): void {
  const nested = asLayer(own(layer, 'markdown'));
  for (const name of MARKDOWN_EXTENSIONS) {
    const inMarkdown = own(nested, name);
    if (typeof inMarkdown === 'boolean') target[name] = inMarkdown;
    const value = own(layer, name);
    const enabled = typeof value === 'boolean' ? value : own(asLayer(value), 'enabled');
    if (typeof enabled === 'boolean') target[name] = enabled;
  }
}
