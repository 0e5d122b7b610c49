import { type ContentItem, itemIds } from '@inkstone/core';
import { inlineLocalImages, localImages } from '../images/local-images';
import { type AppStore } from '../store';
import { resolveColorTheme, systemColorTheme } from './color-theme';
import { CUSTOM_THEME, DEFAULT_THEME, isStylesheetTheme } from '../themes/catalogue';
import { fetchThemeStyle } from '../themes/theme-loader';
import { createBrowserTemplateWorker, generateTemplate } from '../templates/template-generator';
import { type Template } from '../templates/templates';
import { type WorkspaceService } from './workspace';

/** The notice after "Copy HTML" (spec interface §8). */
export const HTML_COPIED_MESSAGE = 'HTML copied to clipboard!';

/** Generates `template` for the current file: its saved text (the editor is flushed first),
 * properties and the preview theme, in the template worker. */
export async function exportCurrentFile(
  template: Template,
  {
    workspace,
    store,
    flush,
  }: { workspace: WorkspaceService; store: AppStore; flush(): Promise<void> },
  pdf = false,
): Promise<{ fileName: string; result: string }> {
  await flush();
  const state = store.getState();
  const fileId = state.workspace.currentFileId;
  const file = fileId ? state.workspace.files[fileId] : undefined;
  if (!fileId || !file) throw new Error('No file is open.');
  const content = await workspace.repo.get<ContentItem>(itemIds.content(fileId));
  // The converter and the sanitiser load with the first export, not with the app.
  const { buildExportContext, createExportSanitizer } = await import('../templates/export-context');
  const context = buildExportContext(
    {
      name: file.name,
      // The workspace's own images go with the document (issue 30).
      text: await inlineLocalImages(content?.text ?? '', localImages),
      properties: content?.properties ?? '',
      settingsExtensions: state.settings.settings.extensions,
      colorTheme: resolveColorTheme(state.settings.settings.colorTheme, systemColorTheme()),
      previewTheme: state.themes.previewTheme,
      themeStyleContent: await previewThemeStyle(state.themes),
    },
    createExportSanitizer(window),
    pdf,
  );
  const result = await generateTemplate(
    { value: template.value, helpers: template.helpers, context },
    { createWorker: createBrowserTemplateWorker },
  );
  return { fileName: file.name, result };
}

async function previewThemeStyle(themes: {
  previewTheme: string;
  customPreviewThemeStyle?: string;
}): Promise<string> {
  const id = themes.previewTheme;
  if (id === CUSTOM_THEME) return themes.customPreviewThemeStyle ?? '';
  if (id === DEFAULT_THEME || !isStylesheetTheme('preview', id)) return '';
  try {
    return await fetchThemeStyle('preview', id);
  } catch {
    return '';
  }
}
