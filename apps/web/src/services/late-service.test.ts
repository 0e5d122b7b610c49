import { describe, expect, it } from 'vitest';
import { LateService } from './late-service';

describe('LateService', () => {
  it('makes an early action wait for the service, and a later one get it at once', async () => {
    const late = new LateService<{ name: string }>();
    expect(late.current()).toBeUndefined();
    const early = late.ready();
    const pending = Symbol('pending');
    expect(await Promise.race([early, Promise.resolve(pending)])).toBe(pending);
    late.register({ name: 'accounts' });
    expect((await early).name).toBe('accounts');
    expect((await late.ready()).name).toBe('accounts');
  });

  it('tells who shows it of each registration, until they stop listening', () => {
    const late = new LateService<string>();
    const seen: (string | undefined)[] = [];
    const stop = late.onChange(() => seen.push(late.current()));
    late.register('first');
    late.register(undefined);
    stop();
    late.register('second');
    expect(seen).toEqual(['first', undefined]);
  });

  it('rejects who waits when the service could not start, until one is registered', async () => {
    const late = new LateService<string>();
    const early = late.ready();
    late.fail(new Error('Dropbox could not be loaded.'));
    await expect(early).rejects.toThrow('Dropbox could not be loaded.');
    await expect(late.ready()).rejects.toThrow('Dropbox could not be loaded.');
    late.register('accounts');
    expect(await late.ready()).toBe('accounts');
  });
});
