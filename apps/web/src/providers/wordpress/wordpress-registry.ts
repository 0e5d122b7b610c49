import { LateService } from '../../services/late-service';
import type { WordPressAccounts } from './wordpress-accounts';

/** The app's WordPress.com accounts, made after the first screen (`wordpress-wiring.ts`); a test
 * may register its own. Light: the first screen's code imports this module only. */
export const wordpressRegistry = new LateService<WordPressAccounts>();

/** The app's WordPress.com accounts; undefined before they are registered. */
export function wordpressAccounts(): WordPressAccounts | undefined {
  return wordpressRegistry.current();
}
