import {
  createDriveFileProvider,
  createDriveFilePublisher,
  DriveClient,
  type FileLocationProvider,
  GOOGLE_DRIVE_PUBLISH_PROVIDER_ID,
  GOOGLE_DRIVE_SYNC_PROVIDER_ID,
  GOOGLE_SCOPE,
  googleEndpoints,
  holdsScopes,
  type HttpClient,
  type ItemRepository,
  type Publisher,
} from '@inkstone/core';
import { browserHttpClient } from '../../services/browser-http';
import { perAccountLocationProvider, perAccountPublisher } from '../per-account-locations';
import { googleAccounts, type GoogleAccountsPort } from '../google/google-accounts-port';

/** Said when a Drive location names an account no longer linked in this browser. */
export const driveAccountMissing = (sub: string) =>
  `The Google account of this Google Drive location (${sub}) is not linked in this browser. Link it again from the Google Drive dialog.`;

/** Where the Drive locations reach Google: `/conf`'s googleUrl (empty: Google itself), the
 * HTTP port (its retries and time limit on every request) and the Google accounts. Registered
 * at start; tests give their own over cloud-sim. */
export interface DriveLocationContext {
  googleUrl(): string;
  http?: HttpClient;
  accounts?: () => Pick<GoogleAccountsPort, 'list' | 'fresh'>;
}

let context: DriveLocationContext | undefined;

/** Registers where the Drive locations reach Google (the app at start, a test its own). */
export function registerDriveLocationContext(value: DriveLocationContext | undefined): void {
  context = value;
}

/** The registered context; undefined while Drive is not wired (no Drive location is synced). */
export function driveLocationContext(): DriveLocationContext | undefined {
  return context;
}

/**
 * A Drive client for the account `sub`, asking for the Drive scope that account was linked with
 * (full `drive`, else `drive.file`): a token is never widened behind the user's back.
 */
export async function driveClientFor(ctx: DriveLocationContext, sub: string): Promise<DriveClient> {
  const accounts = (ctx.accounts ?? googleAccounts)();
  const token = (await accounts.list()).find((candidate) => candidate.sub === sub);
  if (!token) throw new Error(driveAccountMissing(sub));
  const scope = holdsScopes(token, [GOOGLE_SCOPE.drive])
    ? GOOGLE_SCOPE.drive
    : GOOGLE_SCOPE.driveFile;
  return new DriveClient({
    http: ctx.http ?? browserHttpClient(),
    endpoints: googleEndpoints(ctx.googleUrl()),
    token: accounts.fresh,
    sub,
    scopes: [scope],
  });
}

/** The sync provider of Drive file locations, each location synced with its own account (for
 * `syncFileLocations`); none while Drive is not wired. */
export function driveLocationProviders(
  repository: ItemRepository,
  ctx: DriveLocationContext | undefined = context,
): Record<string, FileLocationProvider> {
  if (!ctx) return {};
  return {
    [GOOGLE_DRIVE_SYNC_PROVIDER_ID]: perAccountLocationProvider((sub) =>
      driveClientFor(ctx, sub).then((client) => createDriveFileProvider({ client, repository })),
    ),
  };
}

/** The publisher of Drive publish locations, each with its own account; none while Drive is not
 * wired. */
export function driveLocationPublishers(
  ctx: DriveLocationContext | undefined = context,
): Record<string, Publisher> {
  if (!ctx) return {};
  return {
    [GOOGLE_DRIVE_PUBLISH_PROVIDER_ID]: perAccountPublisher(async (sub) =>
      createDriveFilePublisher(await driveClientFor(ctx, sub)),
    ),
  };
}
