'use client';

import { useState } from 'react';
import { DEFAULT_SETTINGS_YAML, parseYamlObject } from '@inkstone/core';
import { useAppSelector } from '../../store';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { TabPanel, Tabs, useTabIds } from './tabs';
import { YamlEditor } from './yaml-editor';
import { earnBadge } from '../../badges/badges';

type Tab = 'custom' | 'default';

const TABS = [
  { id: 'custom', label: 'Custom settings' },
  { id: 'default', label: 'Default settings' },
] as const;

/** The settings dialog (spec interface §4): the custom settings as YAML over the defaults,
 * which are shown read-only. Invalid YAML shows the parser's error and blocks saving. */
export function SettingsDialog({ resolve, reject }: DialogProps<'settings'>) {
  const { workspace } = useAppServices();
  const stored = useAppSelector((state) => state.settings.custom);
  const [tab, setTab] = useState<Tab>('custom');
  const tabIds = useTabIds();
  const [text, setText] = useState(stored);
  const [saveError, setSaveError] = useState<string>();
  const parsed = parseYamlObject(text);
  const error = parsed.ok ? saveError : parsed.error;

  return (
    <Modal
      title="Settings"
      onCancel={reject}
      onOk={() => {
        workspace
          .saveSettings(text)
          .then(() => {
            earnBadge('changeSettings');
            resolve();
          })
          .catch((failure: unknown) =>
            setSaveError(failure instanceof Error ? failure.message : String(failure)),
          );
      }}
      okDisabled={!parsed.ok}
    >
      <Tabs label="Settings" tabs={TABS} selected={tab} onSelect={setTab} ids={tabIds} />
      <TabPanel ids={tabIds} tab={tab}>
        {tab === 'custom' ? (
          <YamlEditor
            label="Custom settings"
            value={text}
            onChange={(value) => {
              setText(value);
              setSaveError(undefined);
            }}
            error={error}
          />
        ) : (
          <YamlEditor label="Default settings" value={DEFAULT_SETTINGS_YAML} readOnly />
        )}
      </TabPanel>
    </Modal>
  );
}
