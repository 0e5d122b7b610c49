'use client';

import { checkComment } from '@inkstone/core';
import { useEffect, useId, useRef, useState } from 'react';

/** The new-comment box (spec interface §4): a text area with Cancel and Ok; Escape cancels. The
 * text is trimmed; a blank one is ignored (Ok then cancels), one over 2,000 characters says
 * 'Comment is too long.' and stays. */
export function CommentBox({
  label,
  onOk,
  onCancel,
}: {
  label: string;
  onOk(text: string): void;
  onCancel(): void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const errorId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), []);
  const submit = () => {
    const checked = checkComment(text);
    if (!checked) onCancel();
    else if ('error' in checked) setError(checked.error);
    else onOk(checked.text);
  };
  return (
    <div className="comment-box">
      <textarea
        ref={area}
        aria-label={label}
        value={text}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      {error && (
        <p id={errorId} role="alert" className="comment-box__error">
          {error}
        </p>
      )}
      <div className="comment-box__buttons">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={submit}>
          Ok
        </button>
      </div>
    </div>
  );
}
