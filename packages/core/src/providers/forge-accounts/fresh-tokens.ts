import { type Timers } from '../../ports/timers.js';
import { accountNotExpected } from '../github/constants.js';
import { FORGE_NAMES, type ForgeId, type ForgeTokens } from './forge-token.js';
import { type TokenGrant, tokenAction } from './token-grant.js';

/** What {@link FreshTokens} needs: the stored accounts, the token endpoint, the network state
 * and the interactive sign-in. */
export interface FreshTokensPorts {
  /** The stored accounts of `forge` (the main workspace's `tokens` item in the app). */
  read<F extends ForgeId>(forge: F): Promise<ForgeTokens[F][]>;
  write<F extends ForgeId>(forge: F, token: ForgeTokens[F]): Promise<void>;
  /** Trades `token`'s refresh token for a new pair (through the product server, or the
   * forge's token endpoint with the user's own application). Rejects when refused. */
  refresh<F extends ForgeId>(forge: F, token: ForgeTokens[F]): Promise<TokenGrant>;
  /** Whether the browser is online (`navigator.onLine`). */
  isOnline(): boolean;
  /**
   * Signs in again for `token`'s account: the providerRedirection confirmation, then the
   * authorize popup; resolves to the new token, stored, of the same sub. Rejects when the user
   * declines or another account signs in.
   */
  signInAgain<F extends ForgeId>(forge: F, token: ForgeTokens[F]): Promise<ForgeTokens[F]>;
  timers: Pick<Timers, 'now'>;
}

/** No account of `forge` has this sub in this browser. */
export class NoForgeAccountError extends Error {
  constructor(forge: ForgeId, sub: string) {
    super(`No ${FORGE_NAMES[forge]} account ${sub} is linked in this browser.`);
    this.name = 'NoForgeAccountError';
  }
}

/**
 * Hands out access tokens of the GitLab, Gitea and Gitee accounts that still have more than
 * 5 minutes to live, refreshing them when needed (spec core §4 "Token refresh", providers §4).
 * One refresh at a time per account: GitLab rotates refresh tokens, and a second refresh with
 * the used one would be refused.
 */
export class FreshTokens {
  private readonly pending = new Map<string, Promise<ForgeTokens[ForgeId]>>();

  constructor(private readonly ports: FreshTokensPorts) {}

  /**
   * The token of account `sub` of `forge`, fresh: reused with more than 5 minutes left;
   * otherwise refreshed and stored (the new refresh token kept); without an expiry or a refresh
   * token, or when the refresh is refused while online, the user is asked to sign in again;
   * offline, the refresh's error is thrown and nothing stored changes. Throws
   * {@link NoForgeAccountError} when the account is not linked.
   */
  fresh<F extends ForgeId>(forge: F, sub: string): Promise<ForgeTokens[F]> {
    return this.once(forge, sub, () => this.make(forge, sub));
  }

  /**
   * Signs in again for account `sub` of `forge` whatever its token says: for a forge that
   * refused a token it had not said was expired (spec providers §4: a Gitee 401 on the user or
   * tree call restarts sign-in). The providerRedirection confirmation, then the popup; one at a
   * time per account, shared with {@link fresh}.
   */
  signInAgain<F extends ForgeId>(forge: F, sub: string): Promise<ForgeTokens[F]> {
    return this.once(forge, sub, async () => {
      const token = await this.stored(forge, sub);
      if (!token) throw new NoForgeAccountError(forge, sub);
      return this.signIn(forge, token);
    });
  }

  private once<F extends ForgeId>(
    forge: F,
    sub: string,
    make: () => Promise<ForgeTokens[F]>,
  ): Promise<ForgeTokens[F]> {
    const key = `${forge} ${sub}`;
    const running = this.pending.get(key);
    if (running) return running as Promise<ForgeTokens[F]>;
    const started = make().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }

  private async stored<F extends ForgeId>(forge: F, sub: string) {
    return (await this.ports.read(forge)).find((token) => token.sub === sub);
  }

  private async make<F extends ForgeId>(forge: F, sub: string): Promise<ForgeTokens[F]> {
    const token = await this.stored(forge, sub);
    if (!token) throw new NoForgeAccountError(forge, sub);
    const action = tokenAction(token, this.ports.timers.now());
    if (action === 'reuse') return token;
    if (action === 'signIn') return this.signIn(forge, token);
    let grant: TokenGrant;
    try {
      grant = await this.ports.refresh(forge, token);
    } catch (error) {
      // Another tab may have refreshed meanwhile (its rotation spent this refresh token).
      const now = await this.stored(forge, sub);
      if (
        now &&
        now.accessToken !== token.accessToken &&
        tokenAction(now, this.ports.timers.now()) === 'reuse'
      ) {
        return now;
      }
      if (!this.ports.isOnline()) throw error;
      return this.signIn(forge, token);
    }
    const refreshed: ForgeTokens[F] = {
      ...token,
      accessToken: grant.accessToken,
      expiresOn: grant.expiresOn,
      ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
    };
    await this.ports.write(forge, refreshed);
    return refreshed;
  }

  private async signIn<F extends ForgeId>(forge: F, token: ForgeTokens[F]) {
    const again = await this.ports.signInAgain(forge, token);
    if (again.sub !== token.sub) throw new Error(accountNotExpected(FORGE_NAMES[forge]));
    return again;
  }
}
