'use client';

import { useState } from 'react';
import { useAppServices } from '../../components/app-context';
import { useAppDispatch } from '../../store';
import { type GithubAccount } from '../../store/accounts-slice';
import { signOutOfGithub } from './github-actions';
import './github.css';

/** The signed-in user at the top of the menu (spec interface §2): avatar, name, and Sign out.
 * An avatar that does not load gives way to the name's first letter. */
export function GithubUser({ account }: { account: GithubAccount }) {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const [avatarFailed, setAvatarFailed] = useState(false);
  return (
    <div className="side-menu__top github-user" role="group" aria-label="Signed-in user">
      {account.avatarUrl && !avatarFailed ? (
        <img
          className="github-user__avatar"
          src={account.avatarUrl}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setAvatarFailed(true)}
        />
      ) : (
        <span className="github-user__avatar" aria-hidden="true">
          {account.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="github-user__name">{account.name}</span>
      <button
        type="button"
        className="button github-user__sign-out"
        onClick={() => signOutOfGithub(dispatch, services, account.sub)}
      >
        Sign out
      </button>
    </div>
  );
}
