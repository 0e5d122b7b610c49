import { describe, expect, it } from 'vitest';
import {
  DRIVE_ID_INVALID,
  DRIVE_ID_WRONG_KIND,
  DRIVE_STATE_INVALID,
  DRIVE_WORKSPACE_URL_INVALID,
  DriveFieldError,
  driveFolderUrl,
  parseDriveState,
  readDriveId,
  readDriveLocationForm,
  readDriveWorkspaceQuery,
} from './drive-params.js';

const FOLDER = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const FILE = '1ZyXwVuTsRqPoNmLkJiHgFeDcBa_-9876';

const fieldError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DriveFieldError) return { field: error.field, message: error.message };
    throw error;
  }
  return undefined;
};

describe('Drive ids typed or pasted (spec providers §2, §6)', () => {
  it('takes an id as typed, trimmed, and nothing for an empty optional field', () => {
    expect(readDriveId(`  ${FOLDER} `, 'folder')).toBe(FOLDER);
    expect(readDriveId('   ', 'file')).toBeUndefined();
    expect(readDriveId('root', 'folder')).toBe('root');
  });

  it('takes the id out of the links Drive shows', () => {
    expect(readDriveId(`https://drive.google.com/drive/folders/${FOLDER}`, 'folder')).toBe(FOLDER);
    expect(
      readDriveId(`https://drive.google.com/drive/u/1/folders/${FOLDER}?usp=sharing`, 'folder'),
    ).toBe(FOLDER);
    expect(readDriveId(`https://drive.google.com/file/d/${FILE}/view?usp=drive_link`, 'file')).toBe(
      FILE,
    );
    expect(readDriveId(`https://docs.google.com/document/d/${FILE}/edit`, 'file')).toBe(FILE);
    expect(readDriveId(`https://drive.google.com/open?id=${FILE}`, 'file')).toBe(FILE);
    expect(readDriveId(`https://drive.google.com/open?id=${FOLDER}`, 'folder')).toBe(FOLDER);
  });

  it('says which field is wrong and why, in the field’s words', () => {
    expect(fieldError(() => readDriveId('not an id!', 'folder'))).toEqual({
      field: 'folderId',
      message: DRIVE_ID_INVALID.folder,
    });
    expect(fieldError(() => readDriveId('abc', 'file'))).toEqual({
      field: 'fileId',
      message: DRIVE_ID_INVALID.file,
    });
    expect(
      fieldError(() => readDriveId(`https://drive.google.com/drive/folders/${FOLDER}`, 'file')),
    ).toEqual({
      field: 'fileId',
      message: DRIVE_ID_WRONG_KIND.file,
    });
    expect(
      fieldError(() => readDriveId(`https://drive.google.com/file/d/${FILE}/view`, 'folder')),
    ).toEqual({
      field: 'folderId',
      message: DRIVE_ID_WRONG_KIND.folder,
    });
    // Another site's link is no Drive id, even when its path looks like Drive's.
    expect(
      fieldError(() => readDriveId(`https://evil.example/drive/folders/${FOLDER}`, 'folder'))
        ?.field,
    ).toBe('folderId');
  });

  it('reads the Folder ID and Existing file ID of a dialog into location fields', () => {
    expect(readDriveLocationForm({ folderId: '', fileId: '' })).toEqual({});
    expect(
      readDriveLocationForm({
        folderId: driveFolderUrl(FOLDER),
        fileId: ` ${FILE}`,
      }),
    ).toEqual({ driveParentId: FOLDER, driveFileId: FILE });
    expect(
      fieldError(() => readDriveLocationForm({ folderId: FOLDER, fileId: 'x y' }))?.field,
    ).toBe('fileId');
  });
});

describe('Drive workspace URL (spec providers §2: folderId, sub)', () => {
  it('gives the folder and the account', () => {
    expect(readDriveWorkspaceQuery({ folderId: FOLDER, sub: '1234' })).toEqual({
      folderId: FOLDER,
      sub: '1234',
    });
    expect(readDriveWorkspaceQuery({ folderId: ` ${FOLDER}` })).toEqual({ folderId: FOLDER });
  });

  it('refuses a URL without a usable folder id', () => {
    expect(readDriveWorkspaceQuery({})).toEqual({ error: DRIVE_WORKSPACE_URL_INVALID });
    expect(readDriveWorkspaceQuery({ folderId: '../x' })).toEqual({
      error: DRIVE_WORKSPACE_URL_INVALID,
    });
  });
});

describe('Drive state parameter (core §2: parsed as JSON)', () => {
  it('reads action open with the files’ ids', () => {
    expect(
      parseDriveState(
        JSON.stringify({ ids: [FILE], action: 'open', userId: '42', resourceKeys: {} }),
      ),
    ).toEqual({ action: 'open', ids: [FILE], userId: '42' });
  });

  it('reads action create with the folder', () => {
    expect(
      parseDriveState(JSON.stringify({ folderId: FOLDER, action: 'create', userId: '42' })),
    ).toEqual({
      action: 'create',
      folderId: FOLDER,
      userId: '42',
    });
  });

  it('refuses what is not JSON, another action, or an action without what it needs', () => {
    const refused = { error: DRIVE_STATE_INVALID };
    expect(parseDriveState('{"action":"open"')).toEqual(refused);
    expect(parseDriveState('[1]')).toEqual(refused);
    expect(parseDriveState(JSON.stringify({ action: 'delete', ids: [FILE] }))).toEqual(refused);
    expect(parseDriveState(JSON.stringify({ action: 'open', ids: [] }))).toEqual(refused);
    expect(parseDriveState(JSON.stringify({ action: 'open', ids: ['a/b'] }))).toEqual(refused);
    expect(parseDriveState(JSON.stringify({ action: 'create' }))).toEqual(refused);
    expect(parseDriveState(JSON.stringify({ action: 'create', folderId: '?' }))).toEqual(refused);
  });
});
