import {
  addPublishLocation,
  createZendeskPublisher,
  type Publisher,
  ZENDESK_PROVIDER_ID,
} from '@inkstone/core';
import { type AppServices } from '../../components/app-context';
import { isCancelled } from '../../services/modals';
import { type AppDispatch, type AppStore } from '../../store';
import { notified } from '../../store/notifications-slice';
import { type ZendeskAccounts } from './zendesk-accounts';
import { zendeskAccounts } from './zendesk-registry';

/** The dialogs' titles (spec providers §2). */
export const ZENDESK_DIALOG_TITLES = {
  account: 'Add Zendesk account',
  publish: 'Publish to Zendesk',
} as const;

/** A failure shown in its own words; a cancel says nothing. */
export function showZendeskError(dispatch: AppDispatch) {
  return (error: unknown) => {
    if (isCancelled(error)) return;
    console.error(error);
    dispatch(notified('error', error instanceof Error ? error.message : String(error)));
  };
}

/** The Zendesk publisher, each location written with the account it names; none before the
 * accounts are started. */
export function zendeskPublishers(
  accounts: ZendeskAccounts | undefined = zendeskAccounts(),
): Record<string, Publisher> {
  if (!accounts) return {};
  return {
    [ZENDESK_PROVIDER_ID]: createZendeskPublisher({ clientFor: (sub) => accounts.clientFor(sub) }),
  };
}

/**
 * "Publish to Zendesk" (spec providers §2): an account linked first when there is none (the
 * Add Zendesk account dialog), the publish dialog (Section ID, Existing article ID, Locale,
 * Template), then the location added to the current file. The spec's notice, or undefined when
 * cancelled.
 */
export async function addZendeskPublish(
  services: Pick<AppServices, 'modals' | 'workspace'>,
  store: AppStore,
  accounts: ZendeskAccounts,
  templates: { id: string; name: string }[],
): Promise<string | undefined> {
  const fileId = store.getState().workspace.currentFileId;
  if (!fileId) throw new Error('No file is open.');
  try {
    let linked = await accounts.list();
    if (linked.length === 0) {
      linked = [await services.modals.open('zendeskAccount')];
    }
    const request = await services.modals.open('zendeskPublish', {
      accounts: linked.map(({ sub, name, subdomain }) => ({ sub, name, subdomain })),
      templates,
    });
    const { message } = await addPublishLocation(
      services.workspace.repo,
      fileId,
      {
        providerId: ZENDESK_PROVIDER_ID,
        templateId: request.templateId,
        fields: { ...request.fields, sub: request.sub },
      },
      services.workspace.newId,
    );
    return message;
  } catch (error) {
    if (isCancelled(error)) return undefined;
    throw error;
  }
}
