'use client';

import { type ContentItem, itemIds } from '@inkstone/core';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { downloadBlob } from '../../services/file-transfer';
import { exportCurrentFile } from '../../services/html-export';
import { LARGE_PDF_DOCUMENT, requestPdf } from '../../services/pdf-export';
import { loginSponsorToken } from '../../services/sponsorship';
import { type AppStore, useAppSelector } from '../../store';
import { isSponsor } from '../../store/server-slice';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { ExportStatus, SponsorBanner, TemplateField } from './export-parts';
import { useExportAction } from './use-export-action';
import './templates.css';
import { saveEditorFirst } from '../../services/save-first';

/** The PDF export dialog (spec interface §2 "pdfExport"): a template (remembered in the local
 * settings), generated with its pdf flag set, sent to the server, which prints it in a
 * sandboxed Chromium with the page settings (`wkhtmltopdf`); the PDF is downloaded. A 401 opens
 * sponsorOnly. */
export function PdfExportDialog({ resolve, reject }: DialogProps<'pdfExport'>) {
  const { workspace, editor, accounts, googleAccounts } = useAppServices();
  const store = useStore() as AppStore;
  const sponsor = useAppSelector((state) => isSponsor(state.server, state.accounts));
  const templates = useAppSelector((state) => state.templates);
  const remembered = useAppSelector((state) => state.localSettings.pdfExportTemplate);
  const page = useAppSelector((state) => state.settings.settings.wkhtmltopdf);
  const fileId = useAppSelector((state) => state.workspace.currentFileId);
  const [templateId, setTemplateId] = useState(remembered in templates ? remembered : 'styledHtml');
  const { busy, error, run: act } = useExportAction({ resolve, reject }, 'PDF export');
  const [large, setLarge] = useState(false);

  useEffect(() => {
    if (!fileId) return;
    workspace.repo
      .get<ContentItem>(itemIds.content(fileId))
      .then((content) => setLarge((content?.text.length ?? 0) > LARGE_PDF_DOCUMENT))
      // Only the warning about a long document needs it: the export reads the text itself.
      .catch((error: unknown) => console.error(error));
  }, [workspace, fileId]);

  const run = () =>
    act({ busy: 'Exporting PDF…', done: 'PDF exported' }, async () => {
      const template = templates[templateId];
      if (!template) return;
      if (templateId !== remembered)
        await workspace.saveLocalSettings({ pdfExportTemplate: templateId });
      const { fileName, result } = await exportCurrentFile(
        template,
        { workspace, store, flush: () => saveEditorFirst(editor) },
        true,
      );
      const pdf = await requestPdf(result, page, {
        fetch: window.fetch.bind(window),
        token: await loginSponsorToken(accounts, googleAccounts),
      });
      downloadBlob(`${fileName}.pdf`, pdf);
    });

  return (
    <Modal title="Export to PDF" onCancel={reject}>
      <div className="form">
        <SponsorBanner sponsor={sponsor} />
        <TemplateField
          templates={templates}
          value={templateId}
          disabled={busy}
          onChange={setTemplateId}
        />
        <p className="templates__hint">
          Page {page.pageSize}, margins {page.marginTop}/{page.marginRight}/{page.marginBottom}/
          {page.marginLeft} mm (the wkhtmltopdf settings).
        </p>
        {large && (
          <p className="templates__hint" role="note">
            This is a large document: making its PDF may take a while, and the server gives up after
            60 seconds.
          </p>
        )}
        <div className="templates__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => run()}
          >
            Download PDF
          </button>
        </div>
        <ExportStatus busy={busy} busyText="Making the PDF…" error={error} />
      </div>
    </Modal>
  );
}
