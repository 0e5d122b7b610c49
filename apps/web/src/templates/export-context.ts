import { parseYamlObject } from '@inkstone/core';
import {
  buildToc,
  createConverter,
  createSanitizer,
  resolveMarkdownOptions,
  type Sanitizer,
  type SanitizerWindow,
  SOURCE_LINE_ATTRIBUTE,
  type TocNode,
} from '@inkstone/markdown';

/** One entry of the table of contents as templates see it. */
export interface TemplateTocEntry {
  title: string;
  /** The heading's id in the HTML, for `href="#…"`. */
  anchor: string;
  level: number;
  children: TemplateTocEntry[];
}

/** What a template knows of one file (spec interface §3 "Export template context"). */
export interface TemplateFileContent {
  /** The markdown text. */
  text: string;
  /** The rendered HTML, sanitised as the preview's is. */
  html: string;
  /** The file properties as written (YAML), ending with a newline unless empty. */
  yamlProperties: string;
  /** The file properties parsed (an empty map when they are not valid YAML). */
  properties: Record<string, unknown>;
  /** The headings, nested. */
  toc: TemplateTocEntry[];
  /** The CSS of the chosen preview theme (empty for the default theme). */
  themeStyleContent: string;
  /** `color-theme-light` or `color-theme-dark`. */
  colorThemeClass: string;
  /** `preview-theme-{id}`: the chosen preview theme. */
  themeClass: string;
}

/** One file of the context. */
export interface TemplateFile {
  name: string;
  /** The name as a JSON (and so YAML) string, for front matter. */
  jsonName: string;
  content: TemplateFileContent;
}

/** What a template is generated from. */
export interface ExportContext {
  files: TemplateFile[];
  /** True when the result is for a PDF export. */
  pdf: boolean;
}

/** What the context of one file is built from. */
export interface ExportSource {
  name: string;
  text: string;
  /** The file properties (YAML). */
  properties: string;
  /** The `extensions` of the user settings, as the preview reads them. */
  settingsExtensions?: unknown;
  colorTheme: 'light' | 'dark';
  previewTheme: string;
  themeStyleContent?: string;
}

/** Builds the export template context of a file: its HTML converted by the preview's
 * pipeline with the same options (preset and extensions from the properties and settings) and
 * sanitised by the preview's sanitiser, its table of contents, its properties and theme. */
export function buildExportContext(
  source: ExportSource,
  sanitizer: Sanitizer,
  pdf = false,
): ExportContext {
  const parsed = parseYamlObject(source.properties);
  const properties = parsed.ok ? parsed.value : {};
  const options = resolveMarkdownOptions(properties.extensions, source.settingsExtensions);
  const rendered = createConverter(options).render(source.text);
  const yaml = source.properties.trim() === '' ? '' : source.properties.replace(/\n*$/, '\n');
  return {
    files: [
      {
        name: source.name,
        jsonName: JSON.stringify(source.name),
        content: {
          text: source.text,
          html: sanitizer.sanitize(rendered.html),
          yamlProperties: yaml,
          properties,
          toc: buildToc(rendered.headings).map(tocEntry),
          themeStyleContent: source.themeStyleContent ?? '',
          colorThemeClass: `color-theme-${source.colorTheme}`,
          themeClass: `preview-theme-${source.previewTheme}`,
        },
      },
    ],
    pdf,
  };
}

/** The sanitiser of exported HTML: the preview's, then the source-line attributes the preview
 * uses for scroll sync are taken off, as they mean nothing outside the app. */
export function createExportSanitizer(window: SanitizerWindow & { document: Document }): Sanitizer {
  const sanitizer = createSanitizer(window);
  return {
    sanitize(html) {
      const template = window.document.createElement('template');
      template.innerHTML = sanitizer.sanitize(html);
      for (const element of template.content.querySelectorAll(`[${SOURCE_LINE_ATTRIBUTE}]`)) {
        element.removeAttribute(SOURCE_LINE_ATTRIBUTE);
      }
      return template.innerHTML;
    },
  };
}

function tocEntry(node: TocNode): TemplateTocEntry {
  return {
    title: node.heading.text,
    anchor: node.heading.id,
    level: node.heading.level,
    children: node.children.map(tocEntry),
  };
}
