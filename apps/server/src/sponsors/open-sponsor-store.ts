import { openPostgresSponsorStore } from './postgres-sponsor-store.js';
import { type StoreConfig, readSponsorConfig } from './sponsor-config.js';
import { type SponsorshipOptions } from './sponsorship.js';
import { type SponsorStore } from './sponsor-store.js';
import { openSqliteSponsorStore } from './sqlite-sponsor-store.js';

/** Opens the store the configuration names. */
export function openSponsorStore(config: StoreConfig): Promise<SponsorStore> {
  return config.kind === 'postgres'
    ? openPostgresSponsorStore(config.url)
    : openSqliteSponsorStore(config.path);
}

/** Reads the sponsorship configuration from `env` and opens its store: what `buildApp` needs
 * for the sponsorship routes. */
export async function openSponsorship(
  env: Record<string, string | undefined>,
  dataDir: string,
): Promise<SponsorshipOptions> {
  const config = readSponsorConfig(env, dataDir);
  const store = await openSponsorStore(config.store);
  return { store, identity: config.identity, paypal: config.paypal };
}
