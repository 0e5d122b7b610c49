'use client';

import { addGithubAccount } from '../../providers/github/github-actions';
import { runAction } from '../../services/run-action';
import { useAppDispatch, useAppSelector } from '../../store';
import { useAppServices } from '../app-context';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import './account-management.css';

/** The accountManagement dialog (spec interface §2 "Manage external accounts"): every account
 * linked in this browser with its user id and scopes, each with Remove access; "Add GitHub
 * account" links one more. */
export function AccountManagementDialog({ reject }: DialogProps<'accountManagement'>) {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const github = useAppSelector((state) => state.accounts.github);
  return (
    <Modal title="Manage external accounts" onCancel={reject} cancelLabel="Close">
      {github.length === 0 ? (
        <p>Inkstone has no access to any external account yet.</p>
      ) : (
        <ul className="account-management">
          {github.map((account) => (
            <li key={account.sub} aria-label={`GitHub account ${account.name}`}>
              <span className="account-management__name">
                GitHub: {account.name}
                {account.isLogin ? ' (signed in)' : ''}
              </span>
              <span className="account-management__detail">
                User id gh:{account.sub}, scopes {account.scopes.join(', ') || 'none'}
              </span>
              <button
                type="button"
                className="button"
                aria-label={`Remove access of ${account.name}`}
                onClick={() =>
                  runAction(
                    dispatch,
                    () => services.accounts.remove(account.sub),
                    'The account could not be removed.',
                  )
                }
              >
                Remove access
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="account-management__actions">
        <button
          type="button"
          className="button"
          onClick={() => addGithubAccount(dispatch, services)}
        >
          Add GitHub account
        </button>
      </div>
    </Modal>
  );
}
