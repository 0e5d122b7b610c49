import { type ModalMap, type ModalType } from '../../services/modals';

/** What every dialog of the modal stack is given: what it was opened with, and how to close
 * itself. `resolve` is its Ok, `reject` its Cancel (also Escape and the close button). */
export interface DialogProps<K extends ModalType> {
  props: ModalMap[K]['props'];
  resolve(value: ModalMap[K]['result']): void;
  reject(): void;
}
