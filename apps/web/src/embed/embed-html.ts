import { buildExportContext, createExportSanitizer } from '../templates/export-context';

/** The file's HTML as the exports make it (sanitised), and its properties as an object: what a
 * fileChange message carries besides the text. Loaded with the first change, in embedded mode
 * only. */
export function renderEmbedHtml(
  name: string,
  text: string,
  yamlProperties: string,
  settingsExtensions: unknown,
): { html: string; properties: Record<string, unknown> } {
  const context = buildExportContext(
    {
      name,
      text,
      properties: yamlProperties,
      settingsExtensions,
      colorTheme: 'light',
      previewTheme: 'default',
      themeStyleContent: '',
    },
    createExportSanitizer(window),
  );
  const content = context.files[0]!.content;
  return { html: content.html, properties: content.properties as Record<string, unknown> };
}
