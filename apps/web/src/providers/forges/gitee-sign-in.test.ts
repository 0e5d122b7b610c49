import { describe, expect, it } from 'vitest';
import { ModalStack } from '../../services/modals';
import { giteeLoginKey, mainLoginKey } from '../../store/accounts-slice';
import { SIGNED_IN_WITH_GITHUB, signInWithGitee } from './gitee-sign-in';

const never = () => new Promise<never>(() => {});

describe('Sign in with Gitee', () => {
  it('is refused while signed in with GitHub, before any dialog or window opens', async () => {
    const modals = new ModalStack();
    let asked = false;
    const signingIn = signInWithGitee({
      modals,
      accounts: { loginToken: async () => 'gho_github-login' },
      forgeAccounts: {
        giteeClientId: () => {
          asked = true;
          return never();
        },
        link: never,
      } as never,
    });
    await expect(signingIn).rejects.toThrow(SIGNED_IN_WITH_GITHUB);
    expect(modals.entries).toEqual([]);
    expect(asked).toBe(false);
  });

  it('shows the sign-in dialog, then links the account as the login one from its Ok', async () => {
    const modals = new ModalStack();
    const linked: unknown[] = [];
    const signingIn = signInWithGitee({
      modals,
      accounts: { loginToken: async () => undefined },
      forgeAccounts: {
        giteeClientId: async () => 'gitee-app',
        link: async (forge: string, request: unknown) => {
          linked.push([forge, request]);
          return { sub: '7', name: 'gina', accessToken: 'x', isLogin: true };
        },
      } as never,
    });
    await expect.poll(() => modals.entries.length).toBe(1);
    const [dialog] = modals.entries;
    expect(dialog).toMatchObject({ type: 'giteeAccount', props: { signIn: true } });
    expect(linked).toEqual([]); // nothing before the Ok
    modals.resolve(dialog!.id);
    await expect(signingIn).resolves.toMatchObject({ sub: '7', isLogin: true });
    expect(linked).toEqual([['gitee', { giteeClientId: 'gitee-app', isLogin: true }]]);
  });
});

describe('who the main workspace syncs with', () => {
  const github = (isLogin: boolean) => ({
    sub: '12',
    name: 'gh',
    scopes: [],
    repoFullAccess: true,
    isLogin,
  });
  const gitee = (isLogin: boolean) => ({ sub: '12', name: 'ge', ...(isLogin ? { isLogin } : {}) });
  const state = (githubLogin: boolean, giteeLogin: boolean) => ({
    github: [github(githubLogin)],
    google: [],
    forges: { gitlab: [], gitea: [], gitee: [gitee(giteeLogin)] },
  });

  it('is the GitHub login first, else the Gitee login under a key of its own, else nobody', () => {
    expect(mainLoginKey(state(true, true))).toBe('12');
    expect(mainLoginKey(state(false, true))).toBe(giteeLoginKey('12'));
    expect(giteeLoginKey('12')).not.toBe('12');
    expect(mainLoginKey(state(false, false))).toBeUndefined();
  });
});
