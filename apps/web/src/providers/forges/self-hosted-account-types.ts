/** What the GitLab or Gitea account dialog is opened with. */
export interface SelfHostedAccountProps {
  forge: 'gitlab' | 'gitea';
  /** The app's own origin: its OAuth2 redirect URL is shown for registering the application. */
  appOrigin: string;
  /** The product server's application (`/conf`), when it supplies both a client id and a URL:
   * the dialog then asks nothing. */
  serverApplication?: { clientId: string; serverUrl: string };
  /** Signing in again for an account of this server: the URL is shown locked. */
  forcedServerUrl?: string;
}

/** What the dialog resolves to: the server reduced to scheme and host, and the user's own
 * application (both empty when the server's is used). */
export interface SelfHostedAccountRequest {
  serverUrl: string;
  applicationId: string;
  applicationSecret: string;
}
