// The SM.MS and custom image beds over cloud-sim (real HTTP, in-process): the dialogs' checks,
// uploads that land, image_repeated, and each failure in the spec's words.
import { type CloudSim, type SmmsUser, startCloudSim, SMMS_REAL_API } from '@inkstone/cloud-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fastHttp } from '../testing/publish-fixture.js';
import {
  CUSTOM_BED_FAILED_PREFIX,
  customBedFailed,
  customHeadersInvalid,
  customParamsInvalid,
  PROXY_URL_REQUIRED,
  API_SECRET_TOKEN_REQUIRED,
  CUSTOM_ID_REQUIRED,
  FILE_PARAM_NAME_REQUIRED,
  RESULT_URL_PARAM_REQUIRED,
  UPLOAD_URL_REQUIRED,
  SMMS_PROFILE_FAILED,
  smmsUploadFailed,
} from './image-bed-constants.js';
import {
  CustomBedFieldError,
  CustomImageBed,
  readCustomBedForm,
  valueAtPath,
  type CustomBedForm,
} from './custom-bed.js';
import { readSmmsForm, SmmsClient, SmmsFieldError } from './smms-bed.js';
import { type ImageFile } from './image-bed.js';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const png = (name = 'shot.png'): ImageFile => ({
  name,
  mimeType: 'image/png',
  content: PNG_BASE64,
});
const context = { documentName: 'Notes', date: new Date(2026, 10, 28) };

let sim: CloudSim;
let ann: SmmsUser;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  ann = sim.smms.addUser({ username: 'ann' });
});
afterAll(async () => {
  await sim.close();
});

const smms = (token = ann.token) =>
  new SmmsClient({ http: fastHttp(), proxyUrl: `${sim.url}/proxy/`, accessToken: token });

const fieldError = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof SmmsFieldError || error instanceof CustomBedFieldError) {
      return [error.field, error.message];
    }
    throw error;
  }
  return undefined;
};

describe('SM.MS image bed', { timeout: 30_000 }, () => {
  it('checks the dialog: proxy URL and API secret token required', () => {
    expect(fieldError(() => readSmmsForm({ proxyUrl: ' ', apiSecretToken: 't' }))).toEqual([
      'proxyUrl',
      PROXY_URL_REQUIRED,
    ]);
    expect(
      fieldError(() => readSmmsForm({ proxyUrl: 'https://proxy.example/', apiSecretToken: '' })),
    ).toEqual(['apiSecretToken', API_SECRET_TOKEN_REQUIRED]);
    expect(readSmmsForm({ proxyUrl: ' https://p.example/ ', apiSecretToken: ' t ' })).toEqual({
      proxyUrl: 'https://p.example/',
      accessToken: 't',
    });
  });

  it("reads the account's name, or says it could not", async () => {
    expect(await smms().profile()).toEqual({ username: 'ann' });
    await expect(smms('wrong').profile()).rejects.toThrow(SMMS_PROFILE_FAILED);
  });

  it('uploads through the proxy, and gives the existing URL for the same image again', async () => {
    const first = await smms().upload(png(), context);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/smms\/i\/.+\.png$/);
    const served = await fetch(first.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(PNG_BASE64);
    expect(await smms().upload(png('again.png'), context)).toEqual({ url: first.url });
    expect(sim.smms.imagesOf('ann')).toHaveLength(1);
    expect(`${sim.url}/proxy/${SMMS_REAL_API}`).toContain('https://sm.ms/api/v2');
  });

  it("fails in the spec's words with SM.MS's message", async () => {
    await expect(smms('wrong').upload(png('x.png'), context)).rejects.toThrow(
      smmsUploadFailed('Unauthorized.'),
    );
    const text: ImageFile = { name: 'a.png', mimeType: 'image/png', content: 'aGVsbG8=' };
    await expect(smms().upload(text, context)).rejects.toThrow(
      smmsUploadFailed('File is not an image.'),
    );
    sim.faults.next({ path: /\/upload$/, rateLimit: true });
    sim.faults.next({ path: /\/upload$/, rateLimit: true });
    sim.faults.next({ path: /\/upload$/, rateLimit: true });
    sim.faults.next({ path: /\/upload$/, rateLimit: true });
    sim.faults.next({ path: /\/upload$/, rateLimit: true });
    sim.faults.next({ path: /\/upload$/, rateLimit: true });
    await expect(smms().upload(png('y.png'), context)).rejects.toThrow(
      smmsUploadFailed('Upload limit exceeded, please try again later.'),
    );
    sim.faults.clear();
  });
});

const customForm = (fields: Partial<CustomBedForm> = {}): CustomBedForm => ({
  name: 'mybed',
  uploadUrl: `${sim.url}/custom-bed/upload`,
  fileParamName: 'image',
  customHeaders: '{"X-Api-Key": "k1"}',
  customParams: '{"album": "blog", "public": true}',
  resultUrlParam: 'data.links[0].url',
  ...fields,
});

describe('custom image bed', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sim.customBed.answerWith = { kind: 'json', shape: (url) => ({ data: { links: [{ url }] } }) };
    sim.customBed.requiredHeaders = { 'x-api-key': 'k1' };
  });

  it('reads dotted paths with indices, and nothing where the answer has no string', () => {
    const answer = { data: { url: 'u1', links: [{ url: 'u2' }], n: 3 } };
    expect(valueAtPath(answer, 'data.url')).toBe('u1');
    expect(valueAtPath(answer, 'data.links.0.url')).toBe('u2');
    expect(valueAtPath(answer, 'data.links[0].url')).toBe('u2');
    expect(valueAtPath(answer, 'data.missing')).toBeUndefined();
    expect(valueAtPath(answer, 'data.n')).toBeUndefined();
    expect(valueAtPath(answer, 'data.links.url')).toBeUndefined();
    expect(valueAtPath(null, 'data')).toBeUndefined();
  });

  it('checks the dialog: required fields, headers and params as JSON objects', () => {
    expect(fieldError(() => readCustomBedForm(customForm({ name: ' ' })))).toEqual([
      'name',
      CUSTOM_ID_REQUIRED,
    ]);
    expect(fieldError(() => readCustomBedForm(customForm({ uploadUrl: '' })))).toEqual([
      'uploadUrl',
      UPLOAD_URL_REQUIRED,
    ]);
    expect(fieldError(() => readCustomBedForm(customForm({ fileParamName: '' })))).toEqual([
      'fileParamName',
      FILE_PARAM_NAME_REQUIRED,
    ]);
    expect(fieldError(() => readCustomBedForm(customForm({ resultUrlParam: '' })))).toEqual([
      'resultUrlParam',
      RESULT_URL_PARAM_REQUIRED,
    ]);
    for (const bad of ['{"a":', '[1]', '"text"', 'null']) {
      expect(fieldError(() => readCustomBedForm(customForm({ customHeaders: bad })))).toEqual([
        'customHeaders',
        customHeadersInvalid,
      ]);
      expect(fieldError(() => readCustomBedForm(customForm({ customParams: bad })))).toEqual([
        'customParams',
        customParamsInvalid,
      ]);
    }
    expect(readCustomBedForm(customForm({ customHeaders: '', customParams: ' ' }))).toMatchObject({
      name: 'mybed',
      sub: 'mybed',
      customHeaders: '',
      customParams: '',
    });
  });

  it('posts the file with the headers and params, and answers the URL at the path', async () => {
    const bed = new CustomImageBed(
      fastHttp(),
      readCustomBedForm(
        customForm({ customHeaders: '{"X-Api-Key": "k1", "content-type": "application/json"}' }),
      ),
    );
    const { url } = await bed.upload(png('cat.png'), context);
    const upload = sim.customBed.uploads.at(-1)!;
    expect(url).toBe(upload.url);
    expect(upload.fields).toEqual({ album: 'blog', public: 'true' });
    expect(upload.files.map((file) => [file.name, file.filename])).toEqual([['image', 'cat.png']]);
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(PNG_BASE64);
  });

  it("fails with the spec's words and the body for HTML, an error, nothing, or no URL", async () => {
    const bed = new CustomImageBed(fastHttp(), readCustomBedForm(customForm()));
    sim.customBed.answerWith = { kind: 'html' };
    await expect(bed.upload(png(), context)).rejects.toThrow(
      customBedFailed('<!doctype html><html><body><h1>Sign in</h1></body></html>'),
    );
    sim.customBed.answerWith = { kind: 'error', status: 400, body: '{"error":"too big"}' };
    await expect(bed.upload(png(), context)).rejects.toThrow(
      customBedFailed('{"error":"too big"}'),
    );
    sim.customBed.answerWith = { kind: 'empty' };
    const empty = await bed.upload(png(), context).catch((error: Error) => error.message);
    expect(empty).toBe(CUSTOM_BED_FAILED_PREFIX);
    sim.customBed.answerWith = { kind: 'json', shape: (url) => ({ data: { href: url } }) };
    const missing = await bed.upload(png(), context).catch((error: Error) => error.message);
    expect(missing).toMatch(
      /^Failed to upload a image to the custom image bed, the response Body is:\{"data":\{"href":"http/,
    );
    const noKey = new CustomImageBed(
      fastHttp(),
      readCustomBedForm(customForm({ customHeaders: '' })),
    );
    sim.customBed.answerWith = { kind: 'json', shape: (url) => ({ data: { links: [{ url }] } }) };
    await expect(noKey.upload(png(), context)).rejects.toThrow(CUSTOM_BED_FAILED_PREFIX);
  });
});
