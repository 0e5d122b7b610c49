// A custom image bed (spec providers §2, §3, §5, §6 "Image hosts", §7): a POST of the image as
// multipart form data to the user's upload URL, with their headers and form fields, and the
// image's URL read at a dotted path of the JSON answer.

import { FieldError } from '../validation/field-error.js';
import { HttpError, type HttpClient } from '../sync/http-client.js';
import { type AbortFlag } from '../sync/sync-context.js';
import { type ImageBed, type ImageFile, type UploadedImage } from './image-bed.js';
import {
  CUSTOM_ID_REQUIRED,
  customBedFailed,
  customHeadersInvalid,
  customParamsInvalid,
  FILE_PARAM_NAME_REQUIRED,
  RESULT_URL_PARAM_INVALID,
  RESULT_URL_PARAM_REQUIRED,
  UPLOAD_URL_INVALID,
  UPLOAD_URL_REQUIRED,
} from './image-bed-constants.js';
import { multipartBody } from './multipart.js';

/** A custom bed as stored (spec providers §3): `name` is the custom ID, and `sub` too. */
export interface CustomBedAccount {
  name: string;
  sub: string;
  uploadUrl: string;
  fileParamName: string;
  /** A JSON object of header names to values, or ''. */
  customHeaders: string;
  /** A JSON object of form field names to values, or ''. */
  customParams: string;
  resultUrlParam: string;
}

type CustomBedField =
  'name' | 'uploadUrl' | 'fileParamName' | 'customHeaders' | 'customParams' | 'resultUrlParam';

export class CustomBedFieldError extends FieldError<CustomBedField> {
  override readonly name = 'CustomBedFieldError';
}

/** What the "Custom image bed" dialog holds. */
export type CustomBedForm = Record<CustomBedField, string>;

/** A JSON object's entries as strings ('' gives none), or undefined when `text` is not one. */
export function jsonObjectEntries(text: string): Array<[string, string]> | undefined {
  if (text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.entries(value).map(([key, item]) => [
    key,
    typeof item === 'string' ? item : JSON.stringify(item),
  ]);
}

/** The keys of a result path: `data.url`, `data.links.0.url` or `data.links[0].url`. */
export function resultPathKeys(path: string): string[] | undefined {
  const keys = path
    .trim()
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.');
  return keys.every((key) => key !== '') ? keys : undefined;
}

/** The string at `path` in a parsed JSON answer, or undefined when there is none. */
export function valueAtPath(answer: unknown, path: string): string | undefined {
  let value: unknown = answer;
  for (const key of resultPathKeys(path) ?? []) {
    if (value === null || typeof value !== 'object') return undefined;
    if (Array.isArray(value) && !/^\d+$/.test(key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Checks the dialog (spec providers §5: name, uploadUrl, fileParamName, resultUrlParam
 * required; customHeaders and customParams valid JSON when given), fields trimmed. */
export function readCustomBedForm(form: CustomBedForm): CustomBedAccount {
  const value = Object.fromEntries(
    Object.entries(form).map(([key, text]) => [key, text.trim()]),
  ) as CustomBedForm;
  if (value.name === '') throw new CustomBedFieldError('name', CUSTOM_ID_REQUIRED);
  if (value.uploadUrl === '') throw new CustomBedFieldError('uploadUrl', UPLOAD_URL_REQUIRED);
  if (!/^https?:\/\/[^\s/]+/i.test(value.uploadUrl)) {
    throw new CustomBedFieldError('uploadUrl', UPLOAD_URL_INVALID);
  }
  if (value.fileParamName === '') {
    throw new CustomBedFieldError('fileParamName', FILE_PARAM_NAME_REQUIRED);
  }
  if (!jsonObjectEntries(value.customHeaders)) {
    throw new CustomBedFieldError('customHeaders', customHeadersInvalid);
  }
  if (!jsonObjectEntries(value.customParams)) {
    throw new CustomBedFieldError('customParams', customParamsInvalid);
  }
  if (value.resultUrlParam === '') {
    throw new CustomBedFieldError('resultUrlParam', RESULT_URL_PARAM_REQUIRED);
  }
  if (!resultPathKeys(value.resultUrlParam)) {
    throw new CustomBedFieldError('resultUrlParam', RESULT_URL_PARAM_INVALID);
  }
  return { ...value, sub: value.name };
}

/** The bed of one custom account. */
export class CustomImageBed implements ImageBed {
  constructor(
    private readonly http: HttpClient,
    private readonly account: CustomBedAccount,
  ) {}

  async upload(file: ImageFile, _context?: unknown, signal?: AbortFlag): Promise<UploadedImage> {
    if (signal?.aborted) throw new Error('Upload cancelled.');
    const { account } = this;
    // The body's Content-Type is ours (its boundary must match): a configured one is left out.
    const headers = Object.fromEntries(
      (jsonObjectEntries(account.customHeaders) ?? []).filter(
        ([name]) => name.toLowerCase() !== 'content-type',
      ),
    );
    const params = jsonObjectEntries(account.customParams) ?? [];
    const { body, contentType } = multipartBody(params, account.fileParamName, file);
    let text: string;
    try {
      const response = await this.http.request({
        method: 'POST',
        url: account.uploadUrl,
        // The bed's own Content-Type is ours: the boundary must match the body.
        headers: { ...headers, 'Content-Type': contentType },
        body,
        retry: 'unprocessed',
      });
      text = response.text;
    } catch (error) {
      if (error instanceof HttpError) throw new Error(customBedFailed(error.body));
      throw error;
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error(customBedFailed(text));
    }
    const url = valueAtPath(answer, account.resultUrlParam);
    if (url === undefined) throw new Error(customBedFailed(text));
    return { url };
  }
}
