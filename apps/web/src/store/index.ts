import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { accountsSlice } from './accounts-slice';
import { editorSlice } from './editor-slice';
import { layoutSlice } from './layout-slice';
import { localSettingsSlice } from './local-settings-slice';
import { notificationsSlice } from './notifications-slice';
import { previewSlice } from './preview-slice';
import { serverSlice } from './server-slice';
import { settingsSlice } from './settings-slice';
import { storageSlice } from './storage-slice';
import { syncSlice } from './sync-slice';
import { templatesSlice } from './templates-slice';
import { themesSlice } from './themes-slice';
import { embedSlice } from './embed-slice';
import { badgesSlice } from './badges-slice';
import { workspaceSlice } from './workspace-slice';

/** Creates the app's store. One per page; tests make their own. */
export function createStore() {
  return configureStore({
    reducer: {
      layout: layoutSlice.reducer,
      localSettings: localSettingsSlice.reducer,
      workspace: workspaceSlice.reducer,
      preview: previewSlice.reducer,
      notifications: notificationsSlice.reducer,
      server: serverSlice.reducer,
      settings: settingsSlice.reducer,
      storage: storageSlice.reducer,
      sync: syncSlice.reducer,
      themes: themesSlice.reducer,
      templates: templatesSlice.reducer,
      editor: editorSlice.reducer,
      accounts: accountsSlice.reducer,
      embed: embedSlice.reducer,
      badges: badgesSlice.reducer,
    },
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
