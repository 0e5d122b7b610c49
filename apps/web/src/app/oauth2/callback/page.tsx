import type { Metadata } from 'next';
import { CallbackAnswer } from './callback-answer';

export const metadata: Metadata = { title: 'Signing in – Inkstone' };

/** The OAuth redirect page, `/oauth2/callback` on the app's own origin (spec core §2): the
 * provider sends the authorize window here, and the page hands the answer to the app. */
export default function OAuthCallbackPage() {
  return <CallbackAnswer />;
}
