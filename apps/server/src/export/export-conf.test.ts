import { expect, it } from 'vitest';
import { DEFAULT_EXPORT_CONF, readExportConf } from './export-conf.js';

it('reads the export variables, with defaults', () => {
  expect(readExportConf({})).toEqual(DEFAULT_EXPORT_CONF);
  expect(
    readExportConf({
      CHROMIUM_PATH: '/opt/chrome',
      PANDOC_PATH: '/opt/pandoc',
      EXPORT_CONCURRENCY: '4',
      EXPORT_QUEUE_MAX: '0',
      EXPORT_BODY_LIMIT_BYTES: '1000',
    }),
  ).toEqual({
    ...DEFAULT_EXPORT_CONF,
    chromiumPath: '/opt/chrome',
    pandocPath: '/opt/pandoc',
    concurrency: 4,
    queueMax: 0,
    bodyLimitBytes: 1000,
  });
});

it('refuses malformed values', () => {
  expect(() => readExportConf({ EXPORT_CONCURRENCY: '0' })).toThrow(/EXPORT_CONCURRENCY/);
  expect(() => readExportConf({ EXPORT_QUEUE_MAX: '-1' })).toThrow(/EXPORT_QUEUE_MAX/);
  expect(() => readExportConf({ EXPORT_BODY_LIMIT_BYTES: '1.5' })).toThrow(/EXPORT_BODY/);
});
