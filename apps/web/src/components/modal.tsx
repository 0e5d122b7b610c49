'use client';

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { tabbable } from './focusable';
import './modal.css';

/** What a dialog shows and does. */
export interface ModalProps {
  title: string;
  children: ReactNode;
  /** Closes without doing anything (Cancel, the close button, Escape). */
  onCancel(): void;
  /** The Ok button; undefined for a dialog with nothing to confirm. */
  onOk?: () => void;
  okLabel?: string;
  okDisabled?: boolean;
  /** The Cancel button's label ("Close" for a dialog whose actions are done already). */
  cancelLabel?: string;
  /** A dialog showing things side by side: wider than the others. */
  wide?: boolean;
}

/** A modal dialog (spec interface §2): a dialog named by its title, with a close button, Cancel
 * and Ok; Escape cancels, Enter in a one-line field confirms, Tab cycles inside it. */
export function Modal({
  title,
  children,
  onCancel,
  onOk,
  okLabel = 'Ok',
  okDisabled,
  cancelLabel = 'Cancel',
  wide = false,
}: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const first = dialog.current?.querySelector<HTMLElement>(
      'textarea:not(:disabled), input:not(:disabled), select:not(:disabled), [role="tab"][aria-selected="true"]',
    );
    // (A dialog with no field, a confirmation, focuses its Ok button: Enter confirms, Escape
    // declines; one with nothing to confirm, a report, its first button, so that Escape and
    // Tab act in it.)
    (
      first ??
      dialog.current?.querySelector<HTMLElement>('.button--primary') ??
      dialog.current?.querySelector<HTMLElement>('.modal__buttons .button')
    )?.focus();
  }, []);

  return (
    <div className="modal-backdrop">
      <div
        className={wide ? 'modal modal--wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialog}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          } else if (
            event.key === 'Enter' &&
            event.target instanceof HTMLInputElement &&
            onOk &&
            !okDisabled
          ) {
            event.preventDefault();
            onOk();
          } else if (event.key === 'Tab') {
            const focusable = tabbable(dialog.current!);
            const first = focusable[0];
            const last = focusable.at(-1);
            if (event.shiftKey && document.activeElement === first) {
              event.preventDefault();
              last?.focus();
            } else if (!event.shiftKey && document.activeElement === last) {
              event.preventDefault();
              first?.focus();
            }
          }
        }}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onCancel}>
            ×
          </button>
        </div>
        <div className="modal__body">{children}</div>
        <div className="modal__buttons">
          <button type="button" className="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          {onOk && (
            <button
              type="button"
              className="button button--primary"
              onClick={onOk}
              disabled={okDisabled}
            >
              {okLabel}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
