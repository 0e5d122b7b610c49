'use client';

import { useState } from 'react';
import { type ContentItem, FileNotReadableError, itemIds, MAX_TEXT_LENGTH } from '@inkstone/core';
import { downloadText, htmlToMarkdown, readImportedFile } from '../services/file-transfer';
import { ignore } from '../services/modals';
import { runAction } from '../services/run-action';
import { useAppDispatch, useAppSelector } from '../store';
import { notified } from '../store/notifications-slice';
import { isSponsor } from '../store/server-slice';
import { useAppServices } from './app-context';
import { FilePicker } from './file-picker';

/** The notice of an imported text that was longer than a file holds (core §5 cuts it). */
export const IMPORT_CUT_MESSAGE = (name: string) =>
  `“${name}” was longer than ${MAX_TEXT_LENGTH.toLocaleString('en')} characters, the most a file holds: only its beginning was imported.`;

/** The Import/export panel (spec interface §2 "importExport"): import markdown or HTML as a new
 * file, export the current file as markdown or, through a template, as HTML. */
export function ImportExportPanel() {
  const { workspace, editor, modals } = useAppServices();
  const dispatch = useAppDispatch();
  const turndown = useAppSelector((state) => state.settings.settings.turndown);
  const currentFileId = useAppSelector((state) => state.workspace.currentFileId);
  const currentFile = useAppSelector((state) =>
    currentFileId ? state.workspace.files[currentFileId] : undefined,
  );
  const [busy, setBusy] = useState(false);
  const sponsor = useAppSelector((state) => isSponsor(state.server));
  // Non-sponsors see which exports are for sponsors (spec interface §6).
  const sponsorLabel = sponsor ? null : (
    <>
      {' '}
      <span className="sponsor-label">sponsor</span>
    </>
  );

  const importChosen = (html: boolean) => async (file: File) => {
    setBusy(true);
    try {
      const text = await readImportedFile(file);
      const markdown = html ? await htmlToMarkdown(text, turndown) : text;
      const imported = await workspace.importFile(file.name, markdown);
      if (imported.cut) dispatch(notified('info', IMPORT_CUT_MESSAGE(file.name)));
    } catch (error) {
      if (!(error instanceof FileNotReadableError)) console.error(error);
      dispatch(notified('error', error instanceof Error ? error.message : 'Unknown error.'));
    } finally {
      setBusy(false);
    }
  };

  const exportMarkdown = async () => {
    if (!currentFileId || !currentFile) return;
    await editor.current?.flush();
    const content = await workspace.repo.get<ContentItem>(itemIds.content(currentFileId));
    downloadText(`${currentFile.name}.md`, content?.text ?? '', 'text/markdown;charset=utf-8');
  };

  return (
    <section className="side-panel" aria-label="Import/export">
      <h3 className="side-panel__heading">Import</h3>
      <p className="side-panel__hint">A new file is made from the chosen file.</p>
      <FilePicker
        label="Import markdown"
        accept=".md,.markdown,.txt,text/markdown,text/plain"
        disabled={busy}
        onFile={importChosen(false)}
      />
      <FilePicker
        label="Import HTML"
        accept=".html,.htm,text/html"
        disabled={busy}
        onFile={importChosen(true)}
      />
      <h3 className="side-panel__heading">Export</h3>
      <button
        type="button"
        className="button"
        disabled={!currentFile}
        onClick={() => runAction(dispatch, exportMarkdown)}
      >
        Export as Markdown
      </button>
      <button
        type="button"
        className="button"
        disabled={!currentFile}
        onClick={() => void modals.open('htmlExport').catch(ignore)}
      >
        Export as HTML
      </button>
      <button
        type="button"
        className="button"
        disabled={!currentFile}
        onClick={() => void modals.open('pdfExport').catch(ignore)}
      >
        Export as PDF{sponsorLabel}
      </button>
      <button
        type="button"
        className="button"
        disabled={!currentFile}
        onClick={() => void modals.open('pandocExport').catch(ignore)}
      >
        Export with Pandoc{sponsorLabel}
      </button>
    </section>
  );
}
