'use client';

import { type ReactNode } from 'react';

/** The account part of a provider's dialog: the Account choice when several linked accounts can
 * serve it (each option named by `optionText`), else `single`, the one account's line. */
export function AccountChoice<T extends { sub: string }>(props: {
  accounts: readonly T[];
  sub: string;
  onChange(sub: string): void;
  optionText(account: T): string;
  single: ReactNode;
}) {
  if (props.accounts.length <= 1) return <p>{props.single}</p>;
  return (
    <label className="form__field">
      <span>Account</span>
      <select value={props.sub} onChange={(event) => props.onChange(event.target.value)}>
        {props.accounts.map((choice) => (
          <option key={choice.sub} value={choice.sub}>
            {props.optionText(choice)}
          </option>
        ))}
      </select>
    </label>
  );
}
