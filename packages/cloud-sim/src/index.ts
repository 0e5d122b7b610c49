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
export { type DropboxSim } from './server.js';
export {
  DropboxAccounts,
  DROPBOX_TOKEN_SECONDS,
  DEFAULT_SCOPES,
  type DropboxAccess,
  type DropboxApp,
  type DropboxToken,
  type DropboxUser,
  type NewDropboxApp,
  type NewDropboxUser,
} from './dropbox/accounts.js';
export {
  DropboxStore,
  dropboxTime,
  type DropboxEntry,
  type DropboxRevision,
} from './dropbox/store.js';
export {
  APP_FOLDER_PARENT,
  DROPBOX_PREFIX,
  DROPBOX_ROUTES,
  LIST_FOLDER_PAGE,
  MAX_UPLOAD_BYTES,
  headerJson,
  type DropboxRoute,
} from './dropbox/routes.js';
export {
  DROPBOX_AUTHORIZE_PATH,
  DROPBOX_CODE_LIFETIME_MS,
  DROPBOX_SESSION_COOKIE,
  DROPBOX_TOKEN_PATH,
} from './dropbox/oauth.js';
export { contentHash, CONTENT_HASH_BLOCK } from './dropbox/content-hash.js';
export {
  parseStone,
  StoneSpec,
  STONE_FILES,
  type StoneNamespace,
  type StoneRoute,
  type StoneTypeRef,
} from './dropbox/stone.js';
export { stoneErrors } from './dropbox/stone-check.js';
export {
  WpcomStore,
  WPCOM_TOKEN_SECONDS,
  type WpcomPost,
  type WpcomClient,
  type WpcomSite,
  type WpcomToken,
  type WpcomUser,
} from './wordpress/store.js';
export { WPCOM_AUTHORIZE_PATH, WPCOM_PREFIX } from './wordpress/routes.js';
export {
  ZendeskStore,
  ZENDESK_CODE_LIFETIME_MS,
  type HelpCentre,
  type ZendeskArticle,
  type ZendeskClient,
  type ZendeskToken,
  type ZendeskTranslation,
  type ZendeskUser,
} from './zendesk/store.js';
export { ZENDESK_PREFIX, ZENDESK_ROUTES } from './zendesk/routes.js';
export {
  PROXY_PREFIX,
  SMMS_API_PATH,
  SMMS_MAX_BYTES,
  SMMS_REAL_API,
  type SmmsImage,
  SmmsStore,
  type SmmsUser,
} from './image-hosts/smms.js';
export {
  CUSTOM_BED_UPLOAD_PATH,
  type CustomBedAnswer,
  CustomBedStore,
  type CustomBedUpload,
} from './image-hosts/custom-bed.js';
export { CHAT_COMPLETIONS_PATH, ChatStore } from './chat/openai-chat.js';
