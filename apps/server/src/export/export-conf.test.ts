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

it('takes a 2,000,000-character CJK text rendered to HTML, and a 10,000,000-character text (ADR 0006)', () => {
  const paragraph = `<p>${'長い原稿の一節、'.repeat(125)}</p>\n`;
  const cjk = `<!doctype html><html><head><meta charset="utf-8"><title>Novel</title></head><body>\n${paragraph.repeat(2_000)}</body></html>`;
  expect(Buffer.byteLength(cjk)).toBeGreaterThan(6_000_000);
  expect(Buffer.byteLength(cjk)).toBeLessThan(DEFAULT_EXPORT_CONF.bodyLimitBytes);
  const ascii = `<p>${'A sentence of a long novel. '.repeat(100)}</p>\n`.repeat(3_600);
  expect(ascii.length).toBeGreaterThan(10_000_000);
  expect(Buffer.byteLength(ascii)).toBeLessThan(DEFAULT_EXPORT_CONF.bodyLimitBytes);
});
