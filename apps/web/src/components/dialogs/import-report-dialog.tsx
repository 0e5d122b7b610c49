'use client';

import { importedSummary, passedOverMessage } from '../../services/transfer';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import './import-report-dialog.css';

/** After an import that could not take every file: what was imported (and how many hidden
 * items were passed over), then each file that was not, with the reason. */
export function ImportReportDialog({ props, reject }: DialogProps<'importReport'>) {
  const { files, folders, images, skipped, hidden } = props;
  return (
    <Modal title="Import report" onCancel={reject} cancelLabel="Close">
      <p>
        Imported {importedSummary(files, folders, images)}.
        {hidden.length > 0 && ` ${passedOverMessage(hidden)}`}
      </p>
      <h3 className="import-report__heading" id="import-report-skipped">
        Not imported ({skipped.length.toLocaleString('en')})
      </h3>
      <ul className="import-report__list" aria-labelledby="import-report-skipped">
        {skipped.map(({ label, reason }, index) => (
          <li key={index}>
            <span className="import-report__name">{label}</span> —{' '}
            <span className="import-report__reason">{reason}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
