'use client';

import { useState } from 'react';
import { useStore } from 'react-redux';
import { downloadText } from '../../services/file-transfer';
import { exportCurrentFile, HTML_COPIED_MESSAGE } from '../../services/html-export';
import { type AppStore, useAppDispatch, useAppSelector } from '../../store';
import { notified } from '../../store/notifications-slice';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { ExportStatus, TemplateField } from './export-parts';
import { useExportAction } from './use-export-action';
import './templates.css';
import { saveEditorFirst } from '../../services/save-first';

/** The HTML export dialog (spec interface §2 "htmlExport"): a template to generate the current
 * file with (remembered in the local settings), then "Copy HTML" or "Download". */
export function HtmlExportDialog({ resolve, reject }: DialogProps<'htmlExport'>) {
  const { workspace, editor } = useAppServices();
  const store = useStore() as AppStore;
  const dispatch = useAppDispatch();
  const templates = useAppSelector((state) => state.templates);
  const remembered = useAppSelector((state) => state.localSettings.htmlExportTemplate);
  const [templateId, setTemplateId] = useState(remembered in templates ? remembered : 'styledHtml');
  const { busy, error, run: act } = useExportAction({ resolve, reject }, 'HTML export');

  const run = (
    done: string | undefined,
    deliver: (fileName: string, result: string) => Promise<void> | void,
  ) =>
    act({ busy: 'Exporting HTML…', done }, async () => {
      const template = templates[templateId];
      if (!template) return;
      if (templateId !== remembered)
        await workspace.saveLocalSettings({ htmlExportTemplate: templateId });
      const { fileName, result } = await exportCurrentFile(template, {
        workspace,
        store,
        flush: () => saveEditorFirst(editor),
      });
      await deliver(fileName, result);
    });

  return (
    <Modal title="Export to HTML" onCancel={reject}>
      <div className="form">
        <TemplateField
          templates={templates}
          value={templateId}
          disabled={busy}
          onChange={setTemplateId}
        />
        <div className="templates__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              // (The notification says it is copied.)
              run(undefined, async (_name, result) => {
                await navigator.clipboard.writeText(result);
                dispatch(notified('info', HTML_COPIED_MESSAGE));
              })
            }
          >
            Copy HTML
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() =>
              run('HTML exported', (name, result) =>
                downloadText(`${name}.html`, result, 'text/html;charset=utf-8'),
              )
            }
          >
            Download
          </button>
        </div>
        <ExportStatus busy={busy} busyText="Generating…" error={error} />
      </div>
    </Modal>
  );
}
