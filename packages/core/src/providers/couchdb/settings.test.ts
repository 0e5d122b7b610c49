// The database URL and credentials checks (rule C1 of SPEC.md).
import { describe, expect, it } from 'vitest';
import { checkCredentials, normalizeDbUrl, sessionUrl } from './settings.js';

describe('CouchDB settings (C1)', () => {
  it('trims the database URL and strips trailing slashes', () => {
    expect(normalizeDbUrl('  https://host:5984/notes/ ')).toBe('https://host:5984/notes');
    expect(normalizeDbUrl('http://host/couch/notes//')).toBe('http://host/couch/notes');
  });

  it('refuses an empty URL, another scheme, no database, or credentials in it', () => {
    expect(() => normalizeDbUrl(' / ')).toThrow('A database URL is required.');
    expect(() => normalizeDbUrl('')).toThrow('A database URL is required.');
    expect(() => normalizeDbUrl('ftp://host/notes')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => normalizeDbUrl('https://host')).toThrow(/ending with the database name/);
    expect(() => normalizeDbUrl('https://me:pw@host/notes')).toThrow(/name or password/);
  });

  it('needs a name and a password', () => {
    expect(() => checkCredentials({ name: ' ', password: 'x' })).toThrow('A name is required.');
    expect(() => checkCredentials({ name: 'a', password: '' })).toThrow('A password is required.');
    expect(checkCredentials({ name: ' a ', password: ' p ' })).toEqual({
      name: 'a',
      password: ' p ',
    });
  });

  it('logs in at the server beside the database', () => {
    expect(sessionUrl('https://host/couch/notes')).toBe('https://host/couch/_session');
    expect(sessionUrl('http://127.0.0.1:5984/notes')).toBe('http://127.0.0.1:5984/_session');
  });
});
