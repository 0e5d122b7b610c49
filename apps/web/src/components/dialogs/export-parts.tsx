'use client';

import { signInWithGithub } from '../../providers/github/github-actions';
import { useStore } from 'react-redux';
import { type AppStore, useAppDispatch, useAppSelector } from '../../store';
import { runAction } from '../../services/run-action';
import { startSponsorship } from '../../sponsorship/sponsor-actions';
import { mainLoginKey } from '../../store/accounts-slice';
import { SPONSOR_BANNER } from '../../store/server-slice';
import { useAppServices } from '../app-context';
import { sortedTemplateIds, type Templates } from '../../templates/templates';
import './export-parts.css';
import './templates.css';

/** The template chooser of the HTML and PDF export dialogs. */
export function TemplateField(props: {
  templates: Templates;
  value: string;
  disabled: boolean;
  onChange(id: string): void;
}) {
  return (
    <label className="form__field">
      <span>Template</span>
      <select
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {sortedTemplateIds(props.templates).map((id) => (
          <option key={id} value={id}>
            {props.templates[id]!.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The suggestion to sponsor, atop the dialogs of the sponsors-only exports, for who is not one;
 * signed out, with the way to sign in (a sponsor's account unlocks the export). */
export function SponsorBanner({ sponsor }: { sponsor: boolean }) {
  const services = useAppServices();
  const dispatch = useAppDispatch();
  const store = useStore() as AppStore;
  const signedIn = useAppSelector((state) => mainLoginKey(state.accounts) !== undefined);
  if (sponsor) return null;
  return (
    <div className="sponsor-banner" role="note">
      <p>{SPONSOR_BANNER}</p>
      <button
        type="button"
        className="button"
        onClick={() =>
          runAction(dispatch, () => startSponsorship(services, store), 'Sponsoring failed.')
        }
      >
        Sponsor
      </button>
      {!signedIn && (
        <button
          type="button"
          className="button"
          onClick={() => signInWithGithub(dispatch, services)}
        >
          Sign in with GitHub
        </button>
      )}
    </div>
  );
}

/** Below an export dialog's buttons: what it is doing while busy, and why it failed. */
export function ExportStatus(props: {
  busy: boolean;
  busyText: string;
  error: string | undefined;
}) {
  return (
    <>
      {props.busy && <p className="templates__hint">{props.busyText}</p>}
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
