import { type AppServices } from '../../components/app-context';
import { exportCurrentFile } from '../../services/html-export';
import { readGithubLoginToken } from '../../services/github-tokens';
import { saveEditorFirst } from '../../services/save-first';
import { type AppDispatch, type AppStore } from '../../store';
import { notified } from '../../store/notifications-slice';
import { SHARE_SIGN_IN_FIRST, SHARE_URL_COPIED, shareHtml } from './gist-share';

/**
 * The menu's Share (spec interface §2, §5): with a main-workspace login, asks (shareHtmlPre),
 * exports the current file through the styled HTML template, writes it to a secret gist,
 * copies the share page's URL ('Share URL copied to clipboard!') and shows it (shareHtml, whose
 * Ok opens it). Without a login: 'You can only use the sharing function after logging into the
 * main workspace!'.
 */
export async function shareCurrentFile(
  services: AppServices,
  store: AppStore,
  dispatch: AppDispatch,
): Promise<void> {
  if (!(await readGithubLoginToken())) {
    dispatch(notified('error', SHARE_SIGN_IN_FIRST));
    return;
  }
  const state = store.getState();
  const fileId = state.workspace.currentFileId;
  const file = fileId ? state.workspace.files[fileId] : undefined;
  const template = state.templates.styledHtml;
  if (!file || !template) return;
  if (!(await services.confirmer.ask('shareHtmlPre', file.name))) return;
  const announced = services.announcer.start(`Sharing ${file.name}…`);
  let url: string;
  try {
    const { fileName, result } = await exportCurrentFile(template, {
      workspace: services.workspace,
      store,
      flush: () => saveEditorFirst(services.editor),
    });
    url = await shareHtml(fileName, result, window.location.href);
  } catch (error) {
    announced.end();
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : 'Sharing failed.'));
    return;
  }
  announced.end();
  try {
    await navigator.clipboard.writeText(url);
    dispatch(notified('info', SHARE_URL_COPIED));
  } catch {
    // No clipboard (permission refused): the dialog below shows the link anyway.
  }
  if (await services.confirmer.ask('shareHtml', url)) window.open(url, '_blank', 'noopener');
}
