export { startForgeSim, type ForgeSim, type ForgeSimOptions } from './server.js';
export { Faults, type Fault } from './faults.js';
export { Users, type ForgeUser, type NewUser } from './users.js';
export type { ForgeRepo, NewRepo } from './repositories.js';
export type { ForgeGist } from './gists.js';
export { OAuthApps, CODE_LIFETIME_MS, type OAuthApp } from './oauth/apps.js';
export { runCli, DEFAULT_PORT } from './cli.js';
export { GITEA_DEFAULTS, type GiteaSettings } from './gitea/context.js';
