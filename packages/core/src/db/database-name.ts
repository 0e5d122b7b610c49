import { DB_NAME, MAIN_WORKSPACE_ID } from '../constants.js';

/** Name of a workspace's local database: `inkstone-db` for the main workspace, and
 * `inkstone-db-{workspaceId}` for the others (spec core §9). */
export function databaseName(workspaceId: string): string {
  return workspaceId === MAIN_WORKSPACE_ID ? DB_NAME : `${DB_NAME}-${workspaceId}`;
}
