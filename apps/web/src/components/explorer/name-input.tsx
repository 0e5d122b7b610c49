'use client';

import { useRef } from 'react';

/** The inline name input of a tree row (spec interface §2): Enter confirms, Escape cancels,
 * leaving the field submits. Keys stay in the input (Delete must not delete the node). */
export function NameInput({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const done = useRef(false);
  const finish = (submit: boolean, value: string) => {
    if (done.current) return;
    done.current = true;
    if (submit) onSubmit(value.trim());
    else onCancel();
  };
  return (
    <input
      className="explorer__input"
      aria-label="Name"
      defaultValue={initial}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        // (Enter's default would go on to press whatever button a dialog opened by the name
        // focuses: the stripName or pathConflict question must wait for the user.)
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true, event.currentTarget.value);
        } else if (event.key === 'Escape') finish(false, '');
      }}
      onBlur={(event) => finish(true, event.currentTarget.value)}
    />
  );
}
