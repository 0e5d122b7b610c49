import { DRIVE_STATE_INVALID, DRIVE_WORKSPACE_URL_INVALID } from '@inkstone/core';
import { describe, expect, it } from 'vitest';
import { MAIN_WORKSPACE, parseWorkspaceQuery, workspaceUrl } from '../../services/workspace-list';
import {
  DRIVE_WORKSPACE_NAME,
  keepDriveStartState,
  readDriveStartState,
  takeDriveStartState,
} from './drive-workspace-params';

const FOLDER = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const FILE = '1ZyXwVuTsRqPoNmLkJiHgFeDcBa_-9876';

describe('a Google Drive workspace URL (spec providers §2: folderId, sub)', () => {
  it('opens the folder’s workspace, the same one each time, and its URL gives it back', () => {
    const request = parseWorkspaceQuery(
      `?providerId=googleDriveWorkspace&folderId=${FOLDER}&sub=42`,
    );
    expect(request).toMatchObject({
      kind: 'workspace',
      workspace: {
        providerId: 'googleDriveWorkspace',
        name: DRIVE_WORKSPACE_NAME,
        folderId: FOLDER,
        sub: '42',
        locationUrl: `https://drive.google.com/drive/folders/${FOLDER}`,
      },
    });
    if (request.kind !== 'workspace') throw new Error('no workspace');
    const again = parseWorkspaceQuery(`?providerId=googleDriveWorkspace&folderId=${FOLDER}`);
    expect(again.kind === 'workspace' && again.workspace.id).toBe(request.workspace.id);
    expect(request.workspace.id).not.toBe(MAIN_WORKSPACE.id);
    const url = workspaceUrl(request.workspace, 'https://inkstone.example/');
    expect(parseWorkspaceQuery(new URL(url).search)).toEqual(request);
  });

  it('says what is missing when the folder is not given', () => {
    expect(parseWorkspaceQuery('?providerId=googleDriveWorkspace')).toEqual({
      kind: 'error',
      message: DRIVE_WORKSPACE_URL_INVALID,
    });
  });
});

describe('Drive’s state parameter at start (core §2)', () => {
  it('opens the main workspace and keeps the request for the Drive sync, once', () => {
    const search = `?providerId=googleDrive&state=${encodeURIComponent(
      JSON.stringify({ ids: [FILE], action: 'open', userId: '42' }),
    )}`;
    expect(parseWorkspaceQuery(search)).toEqual({ kind: 'main' });
    const state = readDriveStartState(search);
    expect(state).toEqual({ action: 'open', ids: [FILE], userId: '42' });
    keepDriveStartState(state && !('error' in state) ? state : undefined);
    expect(takeDriveStartState()).toEqual({ action: 'open', ids: [FILE], userId: '42' });
    expect(takeDriveStartState()).toBeUndefined();
  });

  it('gives the error of a state that is not JSON; a URL without state has none', () => {
    expect(readDriveStartState('?providerId=googleDrive&state=%7Bnope')).toEqual({
      error: DRIVE_STATE_INVALID,
    });
    expect(readDriveStartState('?providerId=googleDrive')).toBeUndefined();
    expect(readDriveStartState(`?state=${FOLDER}`)).toBeUndefined();
  });
});
