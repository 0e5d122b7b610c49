import { readGiteaFileForm, readGiteeFileForm, readGitlabFileForm } from '@inkstone/core';
import { type ForgeFileFields } from './forge-locations';

/** Reads the dialog's fields with the forge's own rules; throws the forge's field error. */
export function readForgeFileForm(
  props: { forge: ForgeFileFields['forge']; serverUrl: string },
  form: { url: string; path: string; branch: string },
): ForgeFileFields {
  if (props.forge === 'gitlab') {
    const fields = readGitlabFileForm(
      { projectUrl: form.url, path: form.path, branch: form.branch },
      props.serverUrl,
    );
    return {
      forge: 'gitlab',
      projectPath: fields.projectPath,
      branch: fields.branch,
      path: fields.path,
    };
  }
  if (props.forge === 'gitea') {
    const fields = readGiteaFileForm(
      { repoUrl: form.url, path: form.path, branch: form.branch },
      props.serverUrl,
    );
    return { forge: 'gitea', ...fields };
  }
  const fields = readGiteeFileForm(
    { repoUrl: form.url, path: form.path, branch: form.branch },
    props.serverUrl,
  );
  return { forge: 'gitee', ...fields };
}
