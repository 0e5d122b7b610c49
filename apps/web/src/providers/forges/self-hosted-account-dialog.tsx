'use client';

import { FORGE_NAMES, reduceServerUrl, SERVER_URL_INVALID } from '@inkstone/core';
import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { useAppSelector } from '../../store';
import { redirectUri } from '../../services/oauth/authorize-url';
import './forges.css';

/** The inline error of an empty Application ID (spec providers §5: field applicationId). */
export const APPLICATION_ID_REQUIRED =
  'Enter the Application ID of the application registered on the server.';
/** The inline error of an empty Application Secret (GitLab only: Gitea's is not checked
 * before accepting, spec providers §5). */
export const APPLICATION_SECRET_REQUIRED = 'Enter the Application Secret of that application.';

const EXAMPLE_URL = { gitlab: 'https://gitlab.example.org', gitea: 'https://gitea.example.org' };

/** The page of this app over http, for a server reachable only over http: an https page may
 * not call it (mixed content). Undefined when the app is on http already. */
export function httpAppPage(appOrigin: string): string | undefined {
  return appOrigin.startsWith('https://')
    ? `http://${appOrigin.slice('https://'.length)}/`
    : undefined;
}

/**
 * The GitLab and Gitea account dialog (spec providers §2, host C and service S): Server URL,
 * Application ID and Application Secret, the OAuth2 redirect URL to register with the
 * application, and for an http server a link to the app's http page. When the product server
 * supplies the application (`/conf`'s client id and URL) it asks nothing; when signing in again
 * for an account, its server URL is locked. The last Server URL and Application ID are filled
 * in (local settings). Ok opens the forge's authorize window.
 */
export function SelfHostedAccountDialog({
  props,
  resolve,
  reject,
}: DialogProps<'selfHostedAccount'>) {
  const name = FORGE_NAMES[props.forge];
  const remembered = useAppSelector((state) => state.localSettings);
  const [serverUrl, setServerUrl] = useState(
    props.forcedServerUrl ?? remembered[`${props.forge}ServerUrl`],
  );
  const [applicationId, setApplicationId] = useState(remembered[`${props.forge}ApplicationId`]);
  const [applicationSecret, setApplicationSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const redirect = redirectUri(props.appOrigin);
  const server = props.serverApplication;

  if (server && props.forcedServerUrl === undefined) {
    return (
      <Modal
        title={`Add ${name} account`}
        onCancel={reject}
        onOk={() =>
          resolve({ serverUrl: server.serverUrl, applicationId: '', applicationSecret: '' })
        }
      >
        <div className="form">
          <p className="forge-dialog__text">
            Inkstone opens {name} at <strong>{server.serverUrl}</strong> in a new window, where you
            allow it to read and write your repositories. The access token is kept in this browser
            only.
          </p>
        </div>
      </Modal>
    );
  }

  const reduced = reduceServerUrl(serverUrl);
  const httpPage =
    reduced?.startsWith('http://') === true ? httpAppPage(props.appOrigin) : undefined;
  const submit = () => {
    const found: Record<string, string> = {};
    if (!reduced) found.serverUrl = SERVER_URL_INVALID;
    if (applicationId.trim() === '') found.applicationId = APPLICATION_ID_REQUIRED;
    if (props.forge === 'gitlab' && applicationSecret.trim() === '') {
      found.applicationSecret = APPLICATION_SECRET_REQUIRED;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !reduced) return;
    resolve({
      serverUrl: reduced,
      applicationId: applicationId.trim(),
      applicationSecret: applicationSecret.trim(),
    });
  };
  const clear = (field: string) => {
    const { [field]: _gone, ...rest } = errors;
    setErrors(rest);
  };
  return (
    <Modal title={`Add ${name} account`} onCancel={reject} onOk={submit}>
      <div className="form">
        <p className="forge-dialog__text">
          Register an application on your {name} server (in its user settings, Applications, with
          the scope {props.forge === 'gitlab' ? 'api' : 'to read and write repositories'}), giving
          it this redirect URL:
        </p>
        <p className="forge-dialog__redirect" aria-label="OAuth2 redirect URL">
          <code>{redirect}</code>
        </p>
        <TextField
          label="Server URL"
          name="serverUrl"
          value={serverUrl}
          required
          readOnly={props.forcedServerUrl !== undefined}
          placeholder={EXAMPLE_URL[props.forge]}
          error={errors.serverUrl}
          onChange={(value) => {
            setServerUrl(value);
            clear('serverUrl');
          }}
        />
        {httpPage && (
          <p className="forge-dialog__text">
            This server is reached over http, which a page served over https may not call:{' '}
            <a href={httpPage}>open Inkstone over http</a> to link it.
          </p>
        )}
        <TextField
          label="Application ID"
          name="applicationId"
          value={applicationId}
          required
          autoComplete="off"
          error={errors.applicationId}
          onChange={(value) => {
            setApplicationId(value);
            clear('applicationId');
          }}
        />
        <TextField
          label="Application Secret"
          name="applicationSecret"
          type="password"
          value={applicationSecret}
          required={props.forge === 'gitlab'}
          autoComplete="off"
          error={errors.applicationSecret}
          onChange={(value) => {
            setApplicationSecret(value);
            clear('applicationSecret');
          }}
        />
      </div>
    </Modal>
  );
}
