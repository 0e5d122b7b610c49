export { startCloudSim, type CloudSim, type CloudSimOptions } from './server.js';
export { Faults, type Fault } from './faults.js';
export {
  Accounts,
  ACCESS_TOKEN_SECONDS,
  type AccessToken,
  type GoogleUser,
  type NewUser,
  type OAuthClient,
} from './accounts.js';
export { DriveStore, FOLDER_MIME, type DriveFile, type Space } from './drive/store.js';
export { DRIVE, DRIVE_APPDATA, DRIVE_FILE, DRIVE_READONLY } from './drive/scopes.js';
export { DRIVE_ROUTES, MAX_PAGE_SIZE } from './drive/route-table.js';
export { CODE_LIFETIME_MS, SESSION_COOKIE } from './oauth/routes.js';
export { runCli, CliError, DEFAULT_PORT } from './cli.js';
export { BloggerStore, type Blog, type BloggerItem, type BloggerStatus } from './blogger/store.js';
export { BLOGGER_ROUTES, BLOGGER_SCOPE } from './blogger/routes.js';
export {
  discovery,
  type Discovery,
  type DiscoveryMethod,
  discoveryMethods,
  type DiscoverySchema,
  hasParameter,
  methodById,
  schemaErrors,
  schemaErrorsAt,
} from './discovery.js';
