import { type AppDispatch } from '../store';
import { notified } from '../store/notifications-slice';
import { LOCAL_DB_ERROR } from './workspace';

/**
 * Starts an action the user asked for (a click, a key, a drop) from a handler that cannot wait
 * for it, so that its failure is never lost: the error is logged and `message` shown as an error
 * notification. By default that is the spec's 'Local DB access error.': most such actions write
 * the local database (a new file, a rename, a move), and its errors mean nothing to the user.
 */
export function runAction(
  dispatch: AppDispatch,
  action: () => Promise<unknown>,
  message: string = LOCAL_DB_ERROR,
): void {
  const failed = (error: unknown) => {
    console.error(error);
    dispatch(notified('error', message));
  };
  try {
    action().catch(failed);
  } catch (error) {
    failed(error);
  }
}
