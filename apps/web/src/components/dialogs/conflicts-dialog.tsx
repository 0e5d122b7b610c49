'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { type ConflictBlock, type ConflictChoice } from '@inkstone/core';
import { editorConflicts, resolveInEditor } from '../../editor/commands/resolve-conflict';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import './conflicts-dialog.css';

/** The names of a block's two versions: its markers' labels, or plain names when a marker has
 * none or both have the same. */
export function versionNames(block: ConflictBlock): { local: string; remote: string } {
  const { localLabel, remoteLabel } = block;
  if (!localLabel || !remoteLabel || localLabel === remoteLabel) {
    return { local: 'this version', remote: 'other version' };
  }
  return { local: localLabel, remote: remoteLabel };
}

/**
 * "Resolve conflicts": the conflict blocks of the editor's text one at a time, the two versions
 * side by side under their labels, with a button to keep either or both. Each choice is one
 * undoable edit of the text; when no conflict is left, the dialog closes.
 */
export function ConflictsDialog({ resolve, reject }: DialogProps<'conflicts'>) {
  const { editor, document: channel } = useAppServices();
  const view = editor.current?.view;
  const [blocks, setBlocks] = useState<ConflictBlock[]>(() => (view ? editorConflicts(view) : []));
  const [index, setIndex] = useState(0);
  const body = useRef<HTMLDivElement>(null);

  // The text may still change while the dialog is open (another tab, a sync).
  useEffect(
    () => channel.subscribe(() => setBlocks(view ? editorConflicts(view) : [])),
    [channel, view],
  );

  useEffect(() => {
    body.current?.querySelector<HTMLElement>('.conflicts__keep')?.focus();
  }, []);

  const position = Math.min(index, blocks.length - 1);
  const block = blocks[position];

  const choose = (choice: ConflictChoice) => {
    if (!view || !block) return;
    resolveInEditor(view, block, choice);
    const left = editorConflicts(view);
    setBlocks(left);
    if (left.length === 0) resolve();
    else setIndex(Math.min(position, left.length - 1));
  };

  return (
    <Modal title="Resolve conflicts" onCancel={reject} cancelLabel="Close" wide>
      <div className="conflicts" ref={body}>
        {block && view ? (
          <Conflict
            block={block}
            line={view.state.doc.lineAt(block.from).number}
            position={position}
            count={blocks.length}
            onMove={setIndex}
            onChoose={choose}
          />
        ) : (
          <p>No conflict is left in this file.</p>
        )}
      </div>
    </Modal>
  );
}

interface ConflictProps {
  block: ConflictBlock;
  line: number;
  position: number;
  count: number;
  onMove(index: number): void;
  onChoose(choice: ConflictChoice): void;
}

// One conflict: where it is, the way to the others, and its two versions side by side.
function Conflict({ block, line, position, count, onMove, onChoose }: ConflictProps) {
  const names = versionNames(block);
  return (
    <>
      <div className="conflicts__navigation">
        <button
          type="button"
          className="button"
          disabled={position === 0}
          onClick={() => onMove(position - 1)}
        >
          Previous conflict
        </button>
        <p className="conflicts__position" aria-live="polite">
          Conflict {position + 1} of {count}, at line {line}
        </p>
        <button
          type="button"
          className="button"
          disabled={position === count - 1}
          onClick={() => onMove(position + 1)}
        >
          Next conflict
        </button>
      </div>
      <div className="conflicts__versions">
        <Version name={names.local} text={block.local} onKeep={() => onChoose('local')} />
        <Version name={names.remote} text={block.remote} onKeep={() => onChoose('remote')} />
      </div>
      <div className="conflicts__both">
        <button type="button" className="button" onClick={() => onChoose('both')}>
          Keep both
        </button>
        <span className="conflicts__hint">
          “{names.local}” first, then “{names.remote}”. Undo in the editor takes a choice back.
        </span>
      </div>
    </>
  );
}

// One version: a group named by its label, its lines as they are, and the button keeping it.
function Version({ name, text, onKeep }: { name: string; text: string; onKeep(): void }) {
  const headingId = useId();
  return (
    <div className="conflicts__version" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="conflicts__label">
        {name}
      </h3>
      <pre className="conflicts__text" tabIndex={0}>
        {text === '' ? <em className="conflicts__empty">(empty)</em> : text}
      </pre>
      <button type="button" className="button conflicts__keep" onClick={onKeep}>
        Keep “{name}”
      </button>
    </div>
  );
}
