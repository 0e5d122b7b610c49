// Dropbox's refusals read as the provider needs them: the route errors' tags (409, JSON), a
// 400's text, and the rest by status.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../sync/http-client.js';
import { dropboxError } from './dropbox-client.js';

const headers = { get: () => null };
const refused = (status: number, body: unknown) =>
  dropboxError(
    new HttpError(status, typeof body === 'string' ? body : JSON.stringify(body), headers),
  );

describe('dropboxError', () => {
  it('reads a lookup error nested under its tag (a response recorded from Dropbox)', () => {
    // As a Dropbox user posted it (dropbox-php-sdk issue 166).
    const error = refused(
      409,
      '{"error_summary": "path/malformed_path/.", "error": {".tag": "path", "path": {".tag": "malformed_path"}}}',
    );
    expect(error.tags).toEqual(['path', 'malformed_path']);
    expect(error.summary).toBe('path/malformed_path/.');
    expect(error.notFound).toBe(false);
    expect(error.message).toBe('Dropbox: path/malformed_path/.');
  });

  it('tells a missing file from the rest', () => {
    const error = refused(409, {
      error_summary: 'path/not_found/..',
      error: { '.tag': 'path', path: { '.tag': 'not_found' } },
    });
    expect(error.notFound).toBe(true);
    expect(error.conflict).toBe(false);
  });

  it("reads an upload's conflict, whose reason sits beside its tag (UploadWriteFailed is a struct)", () => {
    const error = refused(409, {
      error_summary: 'path/conflict/file/...',
      error: {
        '.tag': 'path',
        reason: { '.tag': 'conflict', conflict: { '.tag': 'file' } },
        upload_session_id: 'pid_upload_session:ABC',
      },
    });
    expect(error.tags).toEqual(['path', 'conflict', 'file']);
    expect(error.conflict).toBe(true);
  });

  it('falls back on the summary when the error has no tags', () => {
    expect(refused(409, { error_summary: 'path/conflict/file/..' }).conflict).toBe(true);
  });

  it("says a 400's text, and a status alone in the spec's words", () => {
    expect(
      refused(400, 'Error in call to API function "files/upload": Bad HTTP "Content-Type" header')
        .message,
    ).toBe('Dropbox: Error in call to API function "files/upload": Bad HTTP "Content-Type" header');
    expect(refused(503, '').message).toBe('HTTP error 503 on Dropbox location.');
  });
});
