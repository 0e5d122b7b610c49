'use client';

import { useRef, useState } from 'react';
import { useAppSelector } from '../../store';
import {
  copyOf,
  NEW_TEMPLATE_NAME,
  sanitizeTemplateName,
  sortedTemplateIds,
  type Template,
  type Templates,
} from '../../templates/templates';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import './templates.css';
import './yaml-editor.css';
import { earnBadge } from '../../badges/badges';

/** The templates dialog (spec interface §2 "templates"): the list of templates, a new one, a
 * copy, renaming, removing, and the chosen one's Handlebars source and helpers. Built-in
 * (additional) templates are read-only: they can only be copied. Ok stores the changes. */
export function TemplatesDialog({ resolve, reject }: DialogProps<'templates'>) {
  const { workspace } = useAppServices();
  const stored = useAppSelector((state) => state.templates);
  const [templates, setTemplates] = useState<Templates>(stored);
  const ids = sortedTemplateIds(templates);
  const [selectedId, setSelectedId] = useState(ids[0]!);
  const [renaming, setRenaming] = useState<string>();
  const [error, setError] = useState<string>();
  const selected = templates[selectedId];
  const readOnly = selected?.isAdditional === true;

  const change = (id: string, template: Template | undefined) => {
    const next: Record<string, Template> = { ...templates };
    if (template) next[id] = template;
    else delete next[id];
    setTemplates(next);
  };
  const add = (template: Template) => {
    earnBadge('addTemplate');
    const id = workspace.newId();
    change(id, template);
    setSelectedId(id);
    setRenaming(id);
  };

  return (
    <Modal
      title="Templates"
      wide
      onCancel={reject}
      onOk={() => {
        workspace
          .saveTemplates(templates)
          .then(() => resolve())
          .catch((failure: unknown) =>
            setError(failure instanceof Error ? failure.message : String(failure)),
          );
      }}
    >
      <div className="templates">
        <div className="templates__side">
          <ul className="templates__list" role="listbox" aria-label="Templates">
            {ids.map((id) => (
              <li
                key={id}
                role="option"
                aria-selected={id === selectedId}
                className="templates__item"
                onClick={() => setSelectedId(id)}
              >
                {renaming === id ? (
                  <NameInput
                    name={templates[id]!.name}
                    onDone={(name) => {
                      if (name !== undefined) change(id, { ...templates[id]!, name });
                      setRenaming(undefined);
                    }}
                  />
                ) : (
                  templates[id]!.name
                )}
              </li>
            ))}
          </ul>
          <div className="templates__actions">
            <button
              type="button"
              className="button"
              onClick={() => add({ name: NEW_TEMPLATE_NAME, value: '', helpers: '' })}
            >
              New
            </button>
            <button
              type="button"
              className="button"
              disabled={!selected}
              onClick={() => selected && add(copyOf(selected))}
            >
              Copy
            </button>
            <button
              type="button"
              className="button"
              disabled={!selected || readOnly}
              onClick={() => setRenaming(selectedId)}
            >
              Rename
            </button>
            <button
              type="button"
              className="button"
              disabled={!selected || readOnly}
              onClick={() => {
                change(selectedId, undefined);
                earnBadge('removeTemplate');
                setSelectedId(ids.find((id) => id !== selectedId)!);
              }}
            >
              Remove
            </button>
          </div>
        </div>
        {selected && (
          <div className="templates__edit">
            {readOnly && (
              <p className="templates__hint">
                A built-in template is read-only: copy it to change it.
              </p>
            )}
            <label className="templates__field">
              <span>Template (Handlebars)</span>
              <textarea
                className="yaml-editor__text"
                rows={14}
                spellCheck={false}
                value={selected.value}
                readOnly={readOnly}
                onChange={(event) => change(selectedId, { ...selected, value: event.target.value })}
              />
            </label>
            {!readOnly && (
              <label className="templates__field">
                <span>Helpers (JavaScript, run with Handlebars in scope)</span>
                <textarea
                  className="yaml-editor__text"
                  rows={6}
                  spellCheck={false}
                  value={selected.helpers}
                  placeholder="Handlebars.registerHelper('upper', (text) => String(text).toUpperCase());"
                  onChange={(event) =>
                    change(selectedId, { ...selected, helpers: event.target.value })
                  }
                />
              </label>
            )}
          </div>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

// Editing a template's name in the list (spec interface §4): Enter and leaving the field
// submit, Escape cancels. `onDone` gets the sanitised name, or undefined when cancelled.
function NameInput({ name, onDone }: { name: string; onDone(name: string | undefined): void }) {
  const [value, setValue] = useState(name);
  const finished = useRef(false);
  const finish = (result: string | undefined) => {
    if (finished.current) return;
    finished.current = true;
    onDone(result);
  };
  return (
    <input
      className="templates__name"
      aria-label="Template name"
      autoFocus
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onFocus={(event) => event.target.select()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.stopPropagation();
          finish(sanitizeTemplateName(value));
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(undefined);
        }
      }}
      onBlur={() => finish(sanitizeTemplateName(value))}
    />
  );
}
