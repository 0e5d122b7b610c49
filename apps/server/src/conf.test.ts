import { describe, expect, it } from 'vitest';
import { readPublicConf } from './conf.js';
import { readSponsorConfig } from './sponsors/sponsor-config.js';

describe('readPublicConf: GitHub addresses (GITHUB_URL, GITHUB_API_URL)', () => {
  it("gives github.com's web and API origins when nothing is set", () => {
    const conf = readPublicConf({});
    expect(conf.githubUrl).toBe('https://github.com');
    expect(conf.githubApiUrl).toBe('https://api.github.com');
  });

  it('gives an Enterprise server or a local forge as set, without a trailing slash', () => {
    const conf = readPublicConf({
      GITHUB_URL: ' http://127.0.0.1:4010/ ',
      GITHUB_API_URL: 'http://127.0.0.1:4010/api/v3/',
    });
    expect(conf.githubUrl).toBe('http://127.0.0.1:4010');
    expect(conf.githubApiUrl).toBe('http://127.0.0.1:4010/api/v3');
  });

  it('refuses an address that is not an http(s) URL, naming the variable', () => {
    expect(() => readPublicConf({ GITHUB_URL: 'github.example.org' })).toThrow(
      'GITHUB_URL must be an http(s) URL, got "github.example.org".',
    );
    expect(() => readPublicConf({ GITHUB_API_URL: 'ftp://example.org/api' })).toThrow(
      /GITHUB_API_URL must be an http\(s\) URL/,
    );
    expect(() => readPublicConf({ GITHUB_API_URL: 'https://example.org/api?x=1' })).toThrow(
      /GITHUB_API_URL/,
    );
  });

  it('sends /userInfo’s identity check to the same API the app is told to use', () => {
    const env = {
      GITHUB_API_URL: 'http://127.0.0.1:4010/api/v3/',
      PAYPAL_RECEIVER_EMAIL: 'pay@inkstone.example',
    };
    expect(readSponsorConfig(env, '/srv/data').identity.githubApiUrl).toBe(
      readPublicConf(env).githubApiUrl,
    );
  });
});

describe('readPublicConf: Google stand-in (GOOGLE_URL)', () => {
  it("is empty when unset, so the app talks to Google's own hosts", () => {
    expect(readPublicConf({}).googleUrl).toBe('');
  });

  it('gives cloud-sim or a proxy as set, without a trailing slash', () => {
    expect(readPublicConf({ GOOGLE_URL: ' http://127.0.0.1:4300/ ' }).googleUrl).toBe(
      'http://127.0.0.1:4300',
    );
  });

  it('refuses an address that is not an http(s) URL, naming the variable', () => {
    expect(() => readPublicConf({ GOOGLE_URL: 'googleapis.example' })).toThrow(
      'GOOGLE_URL must be an http(s) URL, got "googleapis.example".',
    );
    expect(() => readPublicConf({ GOOGLE_URL: 'https://proxy.example/?key=1' })).toThrow(
      /GOOGLE_URL/,
    );
  });
});

describe('readPublicConf: Dropbox app keys and stand-in (DROPBOX_APP_KEY, DROPBOX_APP_KEY_FULL, DROPBOX_URL)', () => {
  it("is empty when unset: no Dropbox app, Dropbox's own hosts", () => {
    const conf = readPublicConf({});
    expect(conf.dropboxAppKey).toBe('');
    expect(conf.dropboxAppKeyFull).toBe('');
    expect(conf.dropboxUrl).toBe('');
  });

  it('gives both app keys trimmed, and cloud-sim or a proxy without a trailing slash', () => {
    const conf = readPublicConf({
      DROPBOX_APP_KEY: ' app-folder-key ',
      DROPBOX_APP_KEY_FULL: 'full-key',
      DROPBOX_URL: 'http://127.0.0.1:4301/',
    });
    expect(conf.dropboxAppKey).toBe('app-folder-key');
    expect(conf.dropboxAppKeyFull).toBe('full-key');
    expect(conf.dropboxUrl).toBe('http://127.0.0.1:4301');
  });

  it('refuses a stand-in that is not an http(s) URL, naming the variable', () => {
    expect(() => readPublicConf({ DROPBOX_URL: 'dropbox.example' })).toThrow(
      'DROPBOX_URL must be an http(s) URL, got "dropbox.example".',
    );
  });
});

describe('readPublicConf: WordPress.com client and stand-in (WORDPRESS_CLIENT_ID, WORDPRESS_URL)', () => {
  it("is empty when unset: no WordPress client, WordPress.com's own API", () => {
    const conf = readPublicConf({});
    expect(conf.wordpressClientId).toBe('');
    expect(conf.wordpressUrl).toBe('');
  });

  it('gives the client id trimmed and the stand-in without a trailing slash', () => {
    const conf = readPublicConf({
      WORDPRESS_CLIENT_ID: ' 12345 ',
      WORDPRESS_URL: 'http://127.0.0.1:4301/wpcom/',
    });
    expect(conf.wordpressClientId).toBe('12345');
    expect(conf.wordpressUrl).toBe('http://127.0.0.1:4301/wpcom');
  });

  it('refuses a stand-in that is not an http(s) URL, naming the variable', () => {
    expect(() => readPublicConf({ WORDPRESS_URL: 'wp.example' })).toThrow(
      'WORDPRESS_URL must be an http(s) URL',
    );
  });
});

describe('readPublicConf: Zendesk help centres (ZENDESK_URL)', () => {
  it('reaches https://{subdomain}.zendesk.com unless a stand-in template is set', () => {
    expect(readPublicConf({}).zendeskUrl).toBe('https://{subdomain}.zendesk.com');
    expect(
      readPublicConf({ ZENDESK_URL: ' http://127.0.0.1:4301/zendesk/{subdomain}/ ' }).zendeskUrl,
    ).toBe('http://127.0.0.1:4301/zendesk/{subdomain}');
  });

  it('refuses a template without {subdomain} or that is not an http(s) URL', () => {
    expect(() => readPublicConf({ ZENDESK_URL: 'https://help.example.com' })).toThrow(
      'ZENDESK_URL must contain {subdomain}',
    );
    expect(() => readPublicConf({ ZENDESK_URL: 'zendesk/{subdomain}' })).toThrow(
      'ZENDESK_URL must be an http(s) URL',
    );
  });
});

describe('readPublicConf: the sponsor dialog’s PayPal buttons (PAYPAL_BUTTONS)', () => {
  it('has none unless set, and sends payments to PayPal’s live checkout or its sandbox', () => {
    expect(readPublicConf({}).paypalButtons).toEqual([]);
    expect(readPublicConf({}).paypalCheckoutUrl).toBe('https://www.paypal.com/cgi-bin/webscr');
    expect(readPublicConf({ PAYPAL_SANDBOX: 'true' }).paypalCheckoutUrl).toBe(
      'https://www.sandbox.paypal.com/cgi-bin/webscr',
    );
    expect(readPublicConf({ PAYPAL_BUTTONS: ' AAA111, BBB222 ,CCC333 ' }).paypalButtons).toEqual([
      'AAA111',
      'BBB222',
      'CCC333',
    ]);
  });

  it('refuses anything but three button ids, naming the variable', () => {
    expect(() => readPublicConf({ PAYPAL_BUTTONS: 'AAA111,BBB222' })).toThrow(
      'PAYPAL_BUTTONS must be three PayPal button ids',
    );
    expect(() => readPublicConf({ PAYPAL_BUTTONS: 'A,B,C&cmd=x' })).toThrow(
      'PAYPAL_BUTTONS must be three PayPal button ids',
    );
    expect(() => readPublicConf({ PAYPAL_CHECKOUT_URL: 'paypal' })).toThrow(
      'PAYPAL_CHECKOUT_URL must be an http(s) URL',
    );
  });
});
