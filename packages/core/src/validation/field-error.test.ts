import { describe, expect, it } from 'vitest';
import { DropboxFieldError } from '../providers/dropbox/dropbox-path.js';
import { ZendeskFieldError } from '../providers/zendesk/zendesk-fields.js';
import { FieldError } from './field-error.js';

describe("a provider dialog's field error", () => {
  it('keeps its field, message and name, and is told apart by its class', () => {
    const error = new ZendeskFieldError('sectionId', 'Section ID or article ID is required.');
    expect(error).toBeInstanceOf(FieldError);
    expect(error).toBeInstanceOf(ZendeskFieldError);
    expect(error).not.toBeInstanceOf(DropboxFieldError);
    expect(error.field).toBe('sectionId');
    expect(error.message).toBe('Section ID or article ID is required.');
    expect(error.name).toBe('ZendeskFieldError');
  });
});
