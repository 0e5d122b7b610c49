// Issue 30, image beds: the providers' ids and the spec's words (providers §5, §7).

/** The public image host (SM.MS kind); user ids are `sm:{sub}` (spec providers §3). */
export const SMMS_PROVIDER_ID = 'smms';
/** A custom image bed; user ids are `cs:{sub}`. */
export const CUSTOM_IMAGE_BED_PROVIDER_ID = 'customImgBed';
/** SM.MS API v2 (https://doc.sm.ms/). The browser reaches it through the account's proxy. */
export const SMMS_API_URL = 'https://sm.ms/api/v2';
/** SM.MS refuses an image larger than this (its documentation: 5 MB). */
export const SMMS_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const SMMS_PROFILE_FAILED = 'Failed to obtain SM.MS personal information...';
export const smmsUploadFailed = (message: string) =>
  `SM.MS failed to upload the image, failure information: ${message}`;
export const CUSTOM_BED_FAILED_PREFIX =
  'Failed to upload a image to the custom image bed, the response Body is:';
export const customBedFailed = (body: string) => `${CUSTOM_BED_FAILED_PREFIX}${body}`;
export const REPOSITORY_NOT_PUBLIC =
  'The repository URL used as a image bed must be a public repository!';

// Field messages where the spec only says "required" / "valid JSON" (docs/how-to/image-beds.md).
export const PROXY_URL_REQUIRED = 'Cross domain proxy URL is required.';
export const PROXY_URL_INVALID = 'Cross domain proxy URL is invalid.';
export const API_SECRET_TOKEN_REQUIRED = 'Api Secret Token is required.';
export const CUSTOM_ID_REQUIRED = 'Custom ID is required.';
export const UPLOAD_URL_REQUIRED = 'Upload URL is required.';
export const UPLOAD_URL_INVALID = 'Upload URL is invalid.';
export const FILE_PARAM_NAME_REQUIRED = 'File parameter name is required.';
export const RESULT_URL_PARAM_REQUIRED = 'Result URL parameter is required.';
export const RESULT_URL_PARAM_INVALID = 'Result URL parameter is invalid.';
export const customHeadersInvalid = 'Custom headers must be a JSON object.';
export const customParamsInvalid = 'Custom parameters must be a JSON object.';
export const IMAGE_REPO_URL_REQUIRED = 'Public Repository URL is required.';
export const IMAGE_REPO_URL_INVALID = 'Public Repository URL is invalid.';

/** The storage kinds of a forge account's repositories (spec providers §3 "Image storage
 * choice", type tokenRepo): kept apart from the forges' file-location provider ids. */
export const GITHUB_IMAGE_STORAGE_PROVIDER_ID = 'githubImgStorage';
export const GITEA_IMAGE_STORAGE_PROVIDER_ID = 'giteaImgStorage';
