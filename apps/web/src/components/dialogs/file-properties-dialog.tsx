'use client';

import { useState } from 'react';
import {
  parseYamlObject,
  readSimpleProperties,
  type SimpleProperties,
  writeSimpleProperties,
} from '@inkstone/core';
import { MARKDOWN_PRESETS } from '@inkstone/markdown/essentials';
import { useAppSelector } from '../../store';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import { TabPanel, Tabs, useTabIds } from './tabs';
import { TextField } from './text-field';
import { YamlEditor } from './yaml-editor';
import { earnBadge } from '../../badges/badges';

type Tab = 'simple' | 'yaml';

const TABS = [
  { id: 'simple', label: 'Simple properties' },
  { id: 'yaml', label: 'YAML properties' },
] as const;

const FIELDS: { key: keyof Omit<SimpleProperties, 'preset'>; label: string; hint?: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'author', label: 'Author' },
  { key: 'tags', label: 'Tags', hint: 'comma-separated' },
  { key: 'categories', label: 'Categories', hint: 'comma-separated' },
  { key: 'excerpt', label: 'Excerpt' },
  { key: 'featuredImage', label: 'Featured image' },
  { key: 'status', label: 'Status', hint: 'for example draft' },
  { key: 'date', label: 'Date', hint: 'YYYY-MM-DD' },
];

/** The fileProperties dialog (spec interface §4): the current file's properties, as simple
 * fields or as YAML. Invalid YAML shows the parser's error and blocks saving. */
export function FilePropertiesDialog({ resolve, reject }: DialogProps<'fileProperties'>) {
  const { workspace } = useAppServices();
  const fileId = useAppSelector((state) => state.workspace.currentFileId);
  const stored = useAppSelector((state) => state.workspace.currentProperties);
  const lastTab = useAppSelector((state) => state.localSettings.filePropertiesTab);
  // The tab last chosen (local settings), but YAML when the stored text is not valid YAML.
  const [tab, setTab] = useState<Tab>(() => (parseYamlObject(stored).ok ? lastTab : 'yaml'));
  const tabIds = useTabIds();
  const [yaml, setYaml] = useState(stored);
  const [simple, setSimple] = useState(() => readSimpleProperties(stored));
  const [saveError, setSaveError] = useState<string>();
  const parsed = parseYamlObject(yaml);
  const yamlError = parsed.ok ? undefined : parsed.error;

  const currentYaml = () => (tab === 'simple' ? writeSimpleProperties(yaml, simple) : yaml);

  const choose = (next: Tab) => {
    if (next === tab) return;
    if (next === 'simple' && yamlError) return; // Invalid YAML: stay where it can be fixed.
    try {
      if (next === 'yaml') setYaml(writeSimpleProperties(yaml, simple));
      else setSimple(readSimpleProperties(yaml));
    } catch (error) {
      // Properties the simple form cannot show or write: say why and stay on this tab.
      setSaveError(error instanceof Error ? error.message : String(error));
      return;
    }
    setSaveError(undefined);
    setTab(next);
    void workspace.saveLocalSettings({ filePropertiesTab: next }).catch((error: unknown) => {
      // Not remembered: the dialog still works.
      console.error(error);
    });
  };

  const save = () => {
    if (!fileId) return;
    let text: string;
    try {
      text = currentYaml();
    } catch (error) {
      setTab('yaml');
      setSaveError(error instanceof Error ? error.message : String(error));
      return;
    }
    workspace
      .saveProperties(fileId, text)
      .then(() => {
        earnBadge('setMetadata');
        resolve();
      })
      .catch((error: unknown) => {
        setTab('yaml');
        setSaveError(error instanceof Error ? error.message : String(error));
      });
  };

  return (
    <Modal
      title="File properties"
      onCancel={reject}
      onOk={save}
      okDisabled={tab === 'yaml' && yamlError !== undefined}
    >
      <Tabs label="Properties" tabs={TABS} selected={tab} onSelect={choose} ids={tabIds} />
      {tab === 'simple' ? (
        <TabPanel ids={tabIds} tab="simple" className="form">
          {FIELDS.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              value={simple[field.key]}
              placeholder={field.hint}
              onChange={(value) => setSimple({ ...simple, [field.key]: value })}
            />
          ))}
          <label className="form__field">
            <span>Markdown preset</span>
            <select
              value={simple.preset}
              onChange={(event) => setSimple({ ...simple, preset: event.target.value })}
            >
              <option value="">As in the settings</option>
              {MARKDOWN_PRESETS.map((preset) => (
                <option key={preset} value={preset}>
                  {preset}
                </option>
              ))}
            </select>
          </label>
          {saveError && (
            <p className="field-error" role="alert">
              {saveError}
            </p>
          )}
        </TabPanel>
      ) : (
        <TabPanel ids={tabIds} tab="yaml">
          <YamlEditor
            label="YAML properties"
            value={yaml}
            onChange={(value) => {
              setYaml(value);
              setSaveError(undefined);
            }}
            error={yamlError ?? saveError}
          />
        </TabPanel>
      )}
    </Modal>
  );
}
