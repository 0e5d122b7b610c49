'use client';

import { useAppDispatch, useAppSelector } from '../../store';
import { modalClosed } from '../../store/ui-slice';
import { useAppServices } from '../app-context';
import { ConfirmationDialog } from './confirmation-dialog';
import { FilePropertiesDialog } from './file-properties-dialog';
import { SettingsDialog } from './settings-dialog';

/** The open dialog, if any. Closing one gives the editor its focus back (spec interface §2). */
export function Dialogs() {
  const modal = useAppSelector((state) => state.ui.modal);
  const confirmation = useAppSelector((state) => state.ui.confirmation);
  const dispatch = useAppDispatch();
  const { editor } = useAppServices();
  const close = () => {
    dispatch(modalClosed());
    requestAnimationFrame(() => editor.current?.view.focus());
  };
  if (confirmation) return <ConfirmationDialog key={confirmation.id} {...confirmation} />;
  if (modal === 'fileProperties') return <FilePropertiesDialog onClose={close} />;
  if (modal === 'settings') return <SettingsDialog onClose={close} />;
  return null;
}
