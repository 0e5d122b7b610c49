'use client';

import { type ContentItem, itemIds, readSimpleProperties } from '@inkstone/core';
import { useState } from 'react';
import { downloadBlob } from '../../services/file-transfer';
import { PANDOC_FORMATS, requestPandoc } from '../../services/pdf-export';
import { loginSponsorToken } from '../../services/sponsorship';
import { useAppSelector } from '../../store';
import { isSponsor } from '../../store/server-slice';
import { inlineLocalImages, localImages } from '../../images/local-images';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { ExportStatus, SponsorBanner } from './export-parts';
import { useExportAction } from './use-export-action';
import './templates.css';
import { saveEditorFirst } from '../../services/save-first';

/** The pandoc export dialog (spec interface §2 "pandocExport"): a format (remembered in the
 * local settings, PDF by default); the file's markdown goes to the server's pandoc with the
 * pandoc settings and the file's title, author and date as metadata; the file is downloaded.
 * A 401 opens sponsorOnly. */
export function PandocExportDialog({ resolve, reject }: DialogProps<'pandocExport'>) {
  const { workspace, editor, accounts, googleAccounts } = useAppServices();
  const sponsor = useAppSelector((state) => isSponsor(state.server, state.accounts));
  const remembered = useAppSelector((state) => state.localSettings.pandocExportFormat);
  const options = useAppSelector((state) => state.settings.settings.pandoc);
  const file = useAppSelector((state) => {
    const id = state.workspace.currentFileId;
    return id ? state.workspace.files[id] : undefined;
  });
  const [format, setFormat] = useState(remembered in PANDOC_FORMATS ? remembered : 'pdf');
  const { busy, error, run: act } = useExportAction({ resolve, reject }, 'Pandoc export');

  const formatLabel = PANDOC_FORMATS[format]?.label ?? format;
  const run = () =>
    act(
      { busy: `Exporting ${formatLabel} with Pandoc…`, done: `${formatLabel} exported` },
      async () => {
        if (!file) return;
        if (format !== remembered)
          await workspace.saveLocalSettings({ pandocExportFormat: format });
        await saveEditorFirst(editor);
        const content = await workspace.repo.get<ContentItem>(itemIds.content(file.id));
        const simple = readSimpleProperties(content?.properties ?? '');
        const metadata = Object.fromEntries(
          (['title', 'author', 'date'] as const).flatMap((key) =>
            simple[key] ? [[key, simple[key]]] : [],
          ),
        );
        metadata.title ??= file.name;
        // The workspace's own images travel as data URLs (the server keeps those only).
        const text = await inlineLocalImages(content?.text ?? '', localImages);
        const blob = await requestPandoc(text, format, options, metadata, {
          fetch: window.fetch.bind(window),
          token: await loginSponsorToken(accounts, googleAccounts),
        });
        downloadBlob(`${file.name}.${PANDOC_FORMATS[format]!.extension}`, blob);
      },
    );

  return (
    <Modal title="Export with Pandoc" onCancel={reject}>
      <div className="form">
        <SponsorBanner sponsor={sponsor} />
        <label className="form__field">
          <span>Format</span>
          <select
            value={format}
            disabled={busy}
            onChange={(event) => setFormat(event.target.value)}
          >
            {Object.entries(PANDOC_FORMATS).map(([id, { label }]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <div className="templates__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !file}
            aria-busy={busy}
            onClick={() => run()}
          >
            Download
          </button>
        </div>
        <ExportStatus busy={busy} busyText="Converting…" error={error} />
      </div>
    </Modal>
  );
}
