'use client';

import { useSyncExternalStore } from 'react';
import { type ContentItem, itemIds } from '@inkstone/core';
import { downloadText } from '../services/file-transfer';
import { sourcesOfFiles } from '../services/import-sources';
import { ignore } from '../services/modals';
import { runAction } from '../services/run-action';
import { saveEditorFirst } from '../services/save-first';
import { useAppDispatch, useAppSelector } from '../store';
import { isSponsor } from '../store/server-slice';
import { useAppServices } from './app-context';
import { FilePicker } from './file-picker';
import './import-export-panel.css';
import { earnBadge } from '../badges/badges';

/** The Import/export panel (spec interface §2 "importExport"): import markdown, HTML, a folder
 * or zips as files of the workspace, keeping their folders; export the current file as
 * markdown or, through a template, as HTML, PDF or a pandoc format; download the whole
 * workspace as a zip. */
export function ImportExportPanel() {
  const { workspace, editor, modals, transfer } = useAppServices();
  const dispatch = useAppDispatch();
  const currentFileId = useAppSelector((state) => state.workspace.currentFileId);
  const currentFile = useAppSelector((state) =>
    currentFileId ? state.workspace.files[currentFileId] : undefined,
  );
  const activity = useSyncExternalStore(
    transfer.subscribe,
    () => transfer.activity,
    () => null,
  );
  const busy = activity !== null;
  const sponsor = useAppSelector((state) => isSponsor(state.server, state.accounts));
  // Non-sponsors see which exports are for sponsors (spec interface §6).
  const sponsorLabel = sponsor ? null : (
    <>
      {' '}
      <span className="sponsor-label">sponsor</span>
    </>
  );

  // Chosen files go to the root, in their folders when a folder was chosen.
  const importChosen = (as?: 'markdown' | 'html') => (files: File[]) => {
    if (as) earnBadge(as === 'html' ? 'importHtml' : 'importMarkdown');
    return transfer.import(() => Promise.resolve(sourcesOfFiles(files)), null, as ? { as } : {});
  };

  const exportMarkdown = async () => {
    if (!currentFileId || !currentFile) return;
    await saveEditorFirst(editor);
    const content = await workspace.repo.get<ContentItem>(itemIds.content(currentFileId));
    downloadText(`${currentFile.name}.md`, content?.text ?? '', 'text/markdown;charset=utf-8');
    earnBadge('exportMarkdown');
  };

  return (
    <section className="side-panel" aria-label="Import/export" aria-busy={busy}>
      <h3 className="side-panel__heading">Import</h3>
      <p className="side-panel__hint">
        Each chosen file becomes a file of the workspace; a folder or a zip keeps its folders. You
        can also drop files and folders on the explorer.
      </p>
      <FilePicker
        label="Import markdown"
        accept=".md,.markdown,.txt,text/markdown,text/plain"
        busy={busy}
        multiple
        onFiles={importChosen('markdown')}
      />
      <FilePicker
        label="Import HTML"
        accept=".html,.htm,text/html"
        busy={busy}
        multiple
        onFiles={importChosen('html')}
      />
      <FilePicker
        label="Import zip"
        accept=".zip,application/zip"
        busy={busy}
        multiple
        onFiles={importChosen()}
      />
      <FilePicker label="Import folder" busy={busy} directory onFiles={importChosen()} />
      {/* The progress, on screen only: the announcer says when the work starts and ends (a live
          region read at each file would talk over everything else). */}
      <p className="side-panel__status">{activity}</p>
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
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy}
        onClick={() => runAction(dispatch, () => transfer.downloadZip())}
      >
        Download workspace as zip
      </button>
    </section>
  );
}
