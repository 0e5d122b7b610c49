'use client';

import {
  type CustomBedForm,
  DEFAULT_REPOSITORY_IMAGE_PATH,
  FieldError,
  GITEA_DEFAULT_BRANCH,
  GITHUB_DEFAULT_BRANCH,
} from '@inkstone/core';
import { useState } from 'react';
import { type DialogProps } from '../../components/dialogs/dialog-props';
import { TextField } from '../../components/dialogs/text-field';
import { Modal } from '../../components/modal';
import { imageBeds, imageBedsRegistry } from './image-beds-registry';
import { type ImageBeds } from './image-beds';

/** The dialogs' titles (each dialog is named by its title). */
export const IMAGE_BED_DIALOG_TITLES = {
  smms: 'SM.MS',
  custom: 'Custom image bed',
  repository: 'Repository image bed',
} as const;

const ready = (): Promise<ImageBeds> => {
  const beds = imageBeds();
  return beds ? Promise.resolve(beds) : imageBedsRegistry.ready();
};

/** A form's fields, its inline errors and the failure of Ok: nothing typed is lost on failure. */
function useForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((shown) => ({ ...shown, [name]: value }));
      setErrors((shown) => ({ ...shown, [name]: undefined }));
    },
  });
  const submit = <T,>(run: (values: Record<F, string>) => Promise<T>, resolve: (r: T) => void) => {
    setFailure(undefined);
    setErrors({});
    setBusy(true);
    run(values)
      .then(resolve, (error: unknown) => {
        if (error instanceof FieldError) setErrors({ [error.field]: error.message } as never);
        else setFailure(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setBusy(false));
  };
  return { field, submit, failure, busy };
}

const Failure = ({ text }: { text: string | undefined }) =>
  text === undefined ? null : (
    <p className="field-error" role="alert">
      {text}
    </p>
  );

/** The SM.MS account dialog (spec providers §2 "Cross domain proxy URL and Api Secret Token"):
 * Ok reads the account's profile, and links it. */
export function SmmsAccountDialog({ resolve, reject }: DialogProps<'smmsAccount'>) {
  const form = useForm({ proxyUrl: '', apiSecretToken: '' });
  return (
    <Modal
      title={IMAGE_BED_DIALOG_TITLES.smms}
      onCancel={reject}
      onOk={() => form.submit(async (v) => (await ready()).linkSmms(v), resolve)}
      okDisabled={form.busy}
    >
      <div className="form">
        <TextField label="Cross domain proxy URL" type="url" {...form.field('proxyUrl')} />
        <TextField
          label="Api Secret Token"
          type="password"
          autoComplete="off"
          {...form.field('apiSecretToken')}
        />
        <p className="form__hint">
          SM.MS does not answer a web page’s requests directly: give the address of a cross-domain
          proxy, put before SM.MS’s API address. The token is from your SM.MS dashboard (API Token);
          it is kept in this browser only.
        </p>
        <Failure text={form.failure} />
      </div>
    </Modal>
  );
}

/** The custom image bed dialog (spec providers §2, §5): custom ID, upload URL, file parameter
 * name, headers and parameters as JSON, and the result's dotted path. */
export function CustomImageBedDialog({ resolve, reject }: DialogProps<'customImageBed'>) {
  const form = useForm<keyof CustomBedForm>({
    name: '',
    uploadUrl: '',
    fileParamName: '',
    customHeaders: '',
    customParams: '',
    resultUrlParam: '',
  });
  return (
    <Modal
      title={IMAGE_BED_DIALOG_TITLES.custom}
      onCancel={reject}
      onOk={() => form.submit(async (v) => (await ready()).addCustom(v), resolve)}
      okDisabled={form.busy}
    >
      <div className="form">
        <TextField label="Custom ID" {...form.field('name')} />
        <TextField label="Upload URL" type="url" {...form.field('uploadUrl')} />
        <TextField
          label="File parameter name"
          placeholder="file"
          {...form.field('fileParamName')}
        />
        <TextField
          label="Custom headers (JSON, optional)"
          placeholder='{"Authorization": "…"}'
          {...form.field('customHeaders')}
        />
        <TextField
          label="Custom parameters (JSON, optional)"
          placeholder='{"album": "blog"}'
          {...form.field('customParams')}
        />
        <TextField
          label="Result URL parameter"
          placeholder="data.url"
          {...form.field('resultUrlParam')}
        />
        <p className="form__hint">
          The image is sent by POST as multipart form data under the file parameter name, with the
          headers and parameters; its URL is read in the JSON answer at the result path (dots
          between keys, <code>0</code> or <code>[0]</code> for a list’s first item). A custom ID
          already linked is replaced.
        </p>
        <Failure text={form.failure} />
      </div>
    </Modal>
  );
}

/** The repository image bed dialog (spec providers §2 "Image bed dialogs"): Public Repository
 * URL, Folder path (default imgs/{YYYY}-{MM}-{DD}), Branch (main on GitHub, master on Gitea). */
export function ImageRepositoryDialog({ props, resolve, reject }: DialogProps<'imageRepository'>) {
  const form = useForm({ repoUrl: '', path: '', branch: '' });
  const github = props.forge === 'github';
  return (
    <Modal
      title={IMAGE_BED_DIALOG_TITLES.repository}
      onCancel={reject}
      onOk={() =>
        form.submit(async (v) => {
          const beds = await ready();
          return github ? beds.addGithubStorage(props.sub, v) : beds.addGiteaStorage(props.sub, v);
        }, resolve)
      }
      okDisabled={form.busy}
    >
      <div className="form">
        <p>
          {github ? 'GitHub' : 'Gitea'} account: {props.name}
        </p>
        <TextField label="Public Repository URL" {...form.field('repoUrl')} />
        <TextField
          label="Folder path (optional)"
          placeholder={DEFAULT_REPOSITORY_IMAGE_PATH}
          {...form.field('path')}
        />
        <TextField
          label="Branch (optional)"
          placeholder={github ? GITHUB_DEFAULT_BRANCH : GITEA_DEFAULT_BRANCH}
          {...form.field('branch')}
        />
        <p className="form__hint">
          Variables in the folder path: {'{YYYY}'}, {'{MM}'}, {'{DD}'} and {'{MDNAME}'} (the
          document’s name). The repository must be public: its images are shown from its raw
          address.
        </p>
        <Failure text={form.failure} />
      </div>
    </Modal>
  );
}
