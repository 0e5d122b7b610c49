'use client';

import { useAppServices } from '../../components/app-context';
import { useAppDispatch } from '../../store';
import { type ForgeAccount } from '../../store/accounts-slice';
import { showForgeError } from './forge-actions';
import '../github/github.css';

/** The user signed in with Gitee, at the top of the menu as GitHub's (spec interface §2): the
 * name's first letter, the name, and Sign out, which unlinks the account from this browser (the
 * main workspace then stays here, its files kept). */
export function GiteeUser({ account }: { account: ForgeAccount }) {
  const { forgeAccounts } = useAppServices();
  const dispatch = useAppDispatch();
  return (
    <div className="side-menu__top github-user" role="group" aria-label="Signed-in user">
      <span className="github-user__avatar" aria-hidden="true">
        {account.name.slice(0, 1).toUpperCase()}
      </span>
      <span className="github-user__name">{account.name} (Gitee)</span>
      <button
        type="button"
        className="button github-user__sign-out"
        onClick={() => {
          forgeAccounts.remove('gitee', account.sub).catch(showForgeError(dispatch));
        }}
      >
        Sign out
      </button>
    </div>
  );
}
