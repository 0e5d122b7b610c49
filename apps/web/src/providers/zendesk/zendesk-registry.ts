import { LateService } from '../../services/late-service';
import type { ZendeskAccounts } from './zendesk-accounts';

/** The app's Zendesk accounts, made after the first screen (`zendesk-wiring.ts`); a test may
 * register its own. */
export const zendeskRegistry = new LateService<ZendeskAccounts>();

/** The app's Zendesk accounts; undefined before they are registered. */
export function zendeskAccounts(): ZendeskAccounts | undefined {
  return zendeskRegistry.current();
}
