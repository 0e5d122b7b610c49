import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type FileItem, type FolderItem } from '@inkstone/core';

/** What the interface knows of the workspace: its tree and the current file. Texts stay in the
 * editor and the database, never in the store. */
export interface WorkspaceState {
  status: 'loading' | 'ready' | 'failed';
  error: string | null;
  files: Record<string, FileItem>;
  folders: Record<string, FolderItem>;
  currentFileId: string | null;
  /** The current file's properties (YAML text). */
  currentProperties: string;
}

const initialState: WorkspaceState = {
  status: 'loading',
  error: null,
  files: {},
  folders: {},
  currentFileId: null,
  currentProperties: '',
};

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState,
  reducers: {
    workspaceReady: (
      state,
      action: PayloadAction<{ files: FileItem[]; folders: FolderItem[]; currentFileId: string }>,
    ) => {
      state.status = 'ready';
      state.files = Object.fromEntries(action.payload.files.map((file) => [file.id, file]));
      state.folders = Object.fromEntries(action.payload.folders.map((f) => [f.id, f]));
      state.currentFileId = action.payload.currentFileId;
    },
    workspaceFailed: (state, action: PayloadAction<string>) => {
      state.status = 'failed';
      state.error = action.payload;
    },
    itemsChanged: (
      state,
      action: PayloadAction<{ items: (FileItem | FolderItem)[]; deletedIds: string[] }>,
    ) => {
      for (const item of action.payload.items) {
        if (item.type === 'file') state.files[item.id] = item;
        else state.folders[item.id] = item;
      }
      for (const id of action.payload.deletedIds) {
        delete state.files[id];
        delete state.folders[id];
      }
    },
    currentFileChanged: (state, action: PayloadAction<string>) => {
      state.currentFileId = action.payload;
    },
    propertiesLoaded: (state, action: PayloadAction<{ fileId: string; properties: string }>) => {
      if (action.payload.fileId === state.currentFileId) {
        state.currentProperties = action.payload.properties;
      }
    },
  },
});

export const {
  workspaceReady,
  workspaceFailed,
  itemsChanged,
  currentFileChanged,
  propertiesLoaded,
} = workspaceSlice.actions;
