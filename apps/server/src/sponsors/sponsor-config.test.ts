import { describe, expect, it } from 'vitest';
import { readSponsorConfig } from './sponsor-config.js';

describe('readSponsorConfig', () => {
  it('defaults to a SQLite file in the data folder and to the live providers', () => {
    const config = readSponsorConfig(
      { PAYPAL_RECEIVER_EMAIL: ' pay@inkstone.example ' },
      '/srv/data',
    );
    expect(config.store).toEqual({ kind: 'sqlite', path: '/srv/data/sponsors.sqlite' });
    expect(config.paypal.verifyUrl).toBe('https://ipnpb.paypal.com/cgi-bin/webscr');
    expect(config.paypal.receiverEmails).toEqual(['pay@inkstone.example']);
    expect(config.identity.githubApiUrl).toBe('https://api.github.com');
    expect(config.identity.googleCertsUrl).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(config.identity.googleClientId).toBe('');
  });

  it("checks Google id tokens with the stand-in's keys when GOOGLE_URL names one", () => {
    const env = { PAYPAL_RECEIVER_EMAIL: 'pay@x.example', GOOGLE_URL: 'http://127.0.0.1:4300/' };
    expect(readSponsorConfig(env, '/srv/data').identity.googleCertsUrl).toBe(
      'http://127.0.0.1:4300/oauth2/v3/certs',
    );
    expect(
      readSponsorConfig({ ...env, GOOGLE_CERTS_URL: 'https://keys.example/certs' }, '/srv/data')
        .identity.googleCertsUrl,
    ).toBe('https://keys.example/certs');
  });

  it('reads every variable', () => {
    const config = readSponsorConfig(
      {
        PAYPAL_RECEIVER_EMAIL: 'a@x.example, b@x.example',
        PAYPAL_SANDBOX: 'true',
        SPONSOR_DB_PATH: '/var/lib/inkstone/s.sqlite',
        GITHUB_API_URL: 'https://ghe.example/api/v3',
        GOOGLE_CERTS_URL: 'http://127.0.0.1:1/certs',
        GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      },
      '/srv/data',
    );
    expect(config.store).toEqual({ kind: 'sqlite', path: '/var/lib/inkstone/s.sqlite' });
    expect(config.paypal.verifyUrl).toBe('https://ipnpb.sandbox.paypal.com/cgi-bin/webscr');
    expect(config.paypal.receiverEmails).toEqual(['a@x.example', 'b@x.example']);
    expect(config.identity).toMatchObject({
      githubApiUrl: 'https://ghe.example/api/v3',
      googleCertsUrl: 'http://127.0.0.1:1/certs',
      googleClientId: 'id.apps.googleusercontent.com',
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set, and an explicit verification URL first', () => {
    const config = readSponsorConfig(
      {
        PAYPAL_RECEIVER_EMAIL: 'a@x.example',
        DATABASE_URL: 'postgres://inkstone@db/inkstone',
        SPONSOR_DB_PATH: '/ignored.sqlite',
        PAYPAL_SANDBOX: 'true',
        PAYPAL_IPN_VERIFY_URL: 'http://127.0.0.1:1/verify',
      },
      '/srv/data',
    );
    expect(config.store).toEqual({ kind: 'postgres', url: 'postgres://inkstone@db/inkstone' });
    expect(config.paypal.verifyUrl).toBe('http://127.0.0.1:1/verify');
  });

  it('refuses to run without a receiver address, naming the variable', () => {
    expect(() => readSponsorConfig({}, '/srv/data')).toThrow(/PAYPAL_RECEIVER_EMAIL/);
  });
});
