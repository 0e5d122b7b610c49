import { type FileLocationProvider, type LocationItem, type Publisher } from '@inkstone/core';

/** The account a location is synced or published with (its `sub`; '' when it names none). */
export const locationSub = (location: LocationItem): string =>
  typeof location.sub === 'string' ? location.sub : '';

/**
 * One sync provider for a kind of file location whose locations each name their own account:
 * the provider of an account is made once (by `make`, from the account's `sub`) and kept, and
 * each location's download and upload go to its account's.
 */
export function perAccountLocationProvider(
  make: (sub: string) => Promise<FileLocationProvider>,
): FileLocationProvider {
  const providers = new Map<string, Promise<FileLocationProvider>>();
  const providerOf = (location: LocationItem) => {
    const sub = locationSub(location);
    let provider = providers.get(sub);
    if (!provider) {
      provider = make(sub);
      providers.set(sub, provider);
    }
    return provider;
  };
  return delegatingLocationProvider(providerOf);
}

/** A sync provider whose every call goes to the provider `providerOf` gives for the location
 * (its account's): download, upload, and the revisions' list and text (none listed where that
 * provider keeps none). */
export function delegatingLocationProvider(
  providerOf: (location: LocationItem) => Promise<FileLocationProvider>,
): FileLocationProvider {
  return {
    download: async (location) => (await providerOf(location)).download(location),
    upload: async (location, content) => (await providerOf(location)).upload(location, content),
    listRevisions: async (location) =>
      (await (await providerOf(location)).listRevisions?.(location)) ?? [],
    revisionText: async (location, revisionId) => {
      const provider = await providerOf(location);
      if (!provider.revisionText) throw new Error('This location keeps no revisions.');
      return provider.revisionText(location, revisionId);
    },
  };
}

/** One publisher for a kind of location whose locations each name their own account: each
 * publish goes to a publisher of its location's account (`make`). */
export function perAccountPublisher(make: (sub: string) => Promise<Publisher>): Publisher {
  return {
    commits: false,
    publish: async (location, document, message) =>
      (await make(locationSub(location))).publish(location, document, message),
  };
}
