import { describe, expect, it } from 'vitest';
import { createStore } from '.';
import { forgeAccountsLoaded, githubAccountsLoaded, googleAccountsLoaded } from './accounts-slice';
import { isSponsor, readServerConf, serverConfLoaded } from './server-slice';

const account = (sub: string, extra: { isLogin?: boolean; isSponsor?: boolean }) => ({
  sub,
  name: `user${sub}`,
  scopes: ['public_repo', 'gist'],
  repoFullAccess: false,
  ...extra,
});

describe('who counts as a sponsor (spec core §5 and §6)', () => {
  it('is everyone while the server sells no sponsorships or is unknown, nobody signed-out otherwise', () => {
    const store = createStore();
    expect(isSponsor(store.getState().server)).toBe(true);
    store.dispatch(serverConfLoaded({ allowSponsorship: false }));
    expect(isSponsor(store.getState().server)).toBe(true);
    store.dispatch(serverConfLoaded({ allowSponsorship: true }));
    expect(isSponsor(store.getState().server)).toBe(false);
  });

  it('is, with sponsorship on, only the signed-in account the server confirmed as a sponsor', () => {
    const store = createStore();
    store.dispatch(serverConfLoaded({ allowSponsorship: true }));
    const sponsor = () => {
      const state = store.getState();
      return isSponsor(state.server, state.accounts);
    };
    // A sponsor's account linked but not used to sign in does not count.
    store.dispatch(githubAccountsLoaded([account('1', { isSponsor: true })]));
    expect(sponsor()).toBe(false);
    store.dispatch(githubAccountsLoaded([account('1', { isLogin: true, isSponsor: false })]));
    expect(sponsor()).toBe(false);
    store.dispatch(githubAccountsLoaded([account('1', { isLogin: true, isSponsor: true })]));
    expect(sponsor()).toBe(true);
  });

  it('counts the Google login as the GitHub one, and never a Gitee login (the server cannot tell)', () => {
    const store = createStore();
    store.dispatch(serverConfLoaded({ allowSponsorship: true }));
    const sponsor = () => isSponsor(store.getState().server, store.getState().accounts);
    const google = (extra: { isLogin?: boolean; isSponsor?: boolean }) => ({
      sub: '1090',
      name: 'Alice',
      access: ['Sign-in'],
      ...extra,
    });
    // A sponsor's Google account linked for Drive only does not count; signed in with it, it does.
    store.dispatch(googleAccountsLoaded([google({ isSponsor: true })]));
    expect(sponsor()).toBe(false);
    store.dispatch(googleAccountsLoaded([google({ isLogin: true })]));
    expect(sponsor()).toBe(false);
    store.dispatch(googleAccountsLoaded([google({ isLogin: true, isSponsor: true })]));
    expect(sponsor()).toBe(true);
    store.dispatch(googleAccountsLoaded([]));
    store.dispatch(
      forgeAccountsLoaded({ forge: 'gitee', accounts: [{ sub: '5', name: 'li', isLogin: true }] }),
    );
    expect(sponsor()).toBe(false);
  });
});

describe('the server configuration (GET /conf)', () => {
  it("reads GitHub's client id and addresses, github.com's when the server gives none", () => {
    const store = createStore();
    expect(store.getState().server).toMatchObject({
      githubClientId: '',
      githubUrl: 'https://github.com',
      githubApiUrl: 'https://api.github.com',
    });
    store.dispatch(
      serverConfLoaded(
        readServerConf({
          githubClientId: 'Iv1.abc',
          githubUrl: 'http://127.0.0.1:4010/',
          githubApiUrl: 'http://127.0.0.1:4010/api/v3',
          allowSponsorship: true,
        }),
      ),
    );
    expect(store.getState().server).toEqual({
      allowSponsorship: true,
      githubClientId: 'Iv1.abc',
      githubUrl: 'http://127.0.0.1:4010',
      githubApiUrl: 'http://127.0.0.1:4010/api/v3',
      gitlabClientId: '',
      gitlabUrl: '',
      giteaClientId: '',
      giteaUrl: '',
      giteeUrl: 'https://gitee.com',
      googleClientId: '',
      googleApiKey: '',
      googleUrl: '',
      dropboxAppKey: '',
      dropboxAppKeyFull: '',
      dropboxUrl: '',
      wordpressClientId: '',
      wordpressUrl: '',
      zendeskUrl: 'https://{subdomain}.zendesk.com',
      paypalCheckoutUrl: 'https://www.paypal.com/cgi-bin/webscr',
      paypalButtons: [],
    });
    store.dispatch(serverConfLoaded(readServerConf({ githubUrl: 42 })));
    expect(store.getState().server).toMatchObject({
      allowSponsorship: false,
      githubClientId: '',
      githubUrl: 'https://github.com',
    });
  });

  it("reads Google's client id, API key and stand-in origin (a bad origin: Google's own)", () => {
    const store = createStore();
    store.dispatch(
      serverConfLoaded(
        readServerConf({
          googleClientId: 'cid.apps.googleusercontent.com',
          googleApiKey: 'key',
          googleUrl: 'http://127.0.0.1:4300/',
          allowSponsorship: false,
        }),
      ),
    );
    expect(store.getState().server).toMatchObject({
      googleClientId: 'cid.apps.googleusercontent.com',
      googleApiKey: 'key',
      googleUrl: 'http://127.0.0.1:4300',
    });
    store.dispatch(
      serverConfLoaded(
        readServerConf({ googleUrl: 'javascript:alert(1)', allowSponsorship: false }),
      ),
    );
    expect(store.getState().server.googleUrl).toBe('');
  });

  it("reads the Zendesk help-centre template (one without {subdomain}: Zendesk's own)", () => {
    const store = createStore();
    const conf = (zendeskUrl: unknown) =>
      readServerConf({ zendeskUrl, allowSponsorship: false }).zendeskUrl;
    expect(conf('http://127.0.0.1:4301/zendesk/{subdomain}/')).toBe(
      'http://127.0.0.1:4301/zendesk/{subdomain}',
    );
    expect(conf('http://127.0.0.1:4301/zendesk')).toBe('https://{subdomain}.zendesk.com');
    expect(conf(undefined)).toBe('https://{subdomain}.zendesk.com');
    store.dispatch(
      serverConfLoaded(
        readServerConf({ zendeskUrl: 'http://x/z/{subdomain}', allowSponsorship: false }),
      ),
    );
    expect(store.getState().server.zendeskUrl).toBe('http://x/z/{subdomain}');
  });

  it("reads Dropbox's two app keys and stand-in origin (a bad origin: Dropbox's own)", () => {
    const store = createStore();
    store.dispatch(
      serverConfLoaded(
        readServerConf({
          dropboxAppKey: 'app-folder',
          dropboxAppKeyFull: 'full',
          dropboxUrl: 'http://127.0.0.1:4301/',
          allowSponsorship: false,
        }),
      ),
    );
    expect(store.getState().server).toMatchObject({
      dropboxAppKey: 'app-folder',
      dropboxAppKeyFull: 'full',
      dropboxUrl: 'http://127.0.0.1:4301',
    });
    store.dispatch(
      serverConfLoaded(
        readServerConf({ dropboxUrl: 'javascript:alert(1)', allowSponsorship: false }),
      ),
    );
    expect(store.getState().server.dropboxUrl).toBe('');
  });

  it("reads WordPress.com's client id and stand-in origin (a bad origin: WordPress.com's own)", () => {
    const store = createStore();
    store.dispatch(
      serverConfLoaded(
        readServerConf({
          wordpressClientId: '12345',
          wordpressUrl: 'http://127.0.0.1:4301/wpcom/',
          allowSponsorship: false,
        }),
      ),
    );
    expect(store.getState().server).toMatchObject({
      wordpressClientId: '12345',
      wordpressUrl: 'http://127.0.0.1:4301/wpcom',
    });
    store.dispatch(
      serverConfLoaded(
        readServerConf({ wordpressUrl: 'javascript:alert(1)', allowSponsorship: false }),
      ),
    );
    expect(store.getState().server.wordpressUrl).toBe('');
  });

  it("reads GitLab's and Gitea's applications and Gitee's origin (spec providers §2)", () => {
    const store = createStore();
    store.dispatch(
      serverConfLoaded(
        readServerConf({
          gitlabClientId: 'gl-app',
          gitlabUrl: 'https://gitlab.example.org/',
          giteaClientId: 'gt-app',
          giteaUrl: 'ftp://nope',
          giteeUrl: 'http://127.0.0.1:4010',
          allowSponsorship: false,
        }),
      ),
    );
    expect(store.getState().server).toMatchObject({
      gitlabClientId: 'gl-app',
      gitlabUrl: 'https://gitlab.example.org',
      giteaClientId: 'gt-app',
      giteaUrl: '',
      giteeUrl: 'http://127.0.0.1:4010',
    });
  });
});

describe('the sponsor dialog’s PayPal buttons (GET /conf)', () => {
  it('keeps three button ids and the checkout, and refuses anything that would make bad links', () => {
    expect(
      readServerConf({
        allowSponsorship: true,
        paypalCheckoutUrl: 'https://www.sandbox.paypal.com/cgi-bin/webscr',
        paypalButtons: ['A1', 'B2', 'C3'],
      }),
    ).toMatchObject({
      paypalCheckoutUrl: 'https://www.sandbox.paypal.com/cgi-bin/webscr',
      paypalButtons: ['A1', 'B2', 'C3'],
    });
    const bad = readServerConf({
      paypalCheckoutUrl: 'javascript:alert(1)',
      paypalButtons: ['A1', 'B2&custom=x', 'C3'],
    });
    expect(bad.paypalCheckoutUrl).toBe('https://www.paypal.com/cgi-bin/webscr');
    expect(bad.paypalButtons).toEqual([]);
  });
});
