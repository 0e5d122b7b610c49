import { describe, expect, it } from 'vitest';
import { dialogNotSaved, isSaveKey, SAVED, SAVED_OFFLINE, saveNow, TEXT_SAVED } from './save-now';

const key = (
  name: string,
  mods: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {},
  code = `Key${name.toUpperCase()}`,
) => ({
  key: name,
  code,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
});

// An editor whose save succeeds or fails, a sync service in a given state, and what was said.
function setUp({ saves = true, syncable = false, online = true } = {}) {
  const log: string[] = [];
  const services = {
    editor: {
      current: {
        save: async () => {
          log.push('save');
          return saves;
        },
      },
    },
    sync: {
      syncable,
      canSyncNow: syncable && online,
      requestNow: () => void log.push('sync'),
    },
    announcer: { say: (text: string) => void log.push(`say ${text}`) },
  };
  return { services, log };
}

describe('Ctrl/Cmd+S', () => {
  it('is Ctrl+S or Cmd+S, with or without Shift, in either case, and nothing else', () => {
    expect(isSaveKey(key('s', { ctrl: true }))).toBe(true);
    expect(isSaveKey(key('s', { meta: true }))).toBe(true);
    expect(isSaveKey(key('S', { ctrl: true }))).toBe(true);
    expect(isSaveKey(key('s'))).toBe(false);
    // AltGr is Ctrl+Alt on Windows: a character, not the save key.
    expect(isSaveKey(key('s', { ctrl: true, alt: true }))).toBe(false);
    expect(isSaveKey(key('d', { ctrl: true }))).toBe(false);
  });

  it('is the key where S is on a layout of another script, as the browser’s Save page reads it', () => {
    expect(isSaveKey(key('ы', { ctrl: true }, 'KeyS'))).toBe(true);
    expect(isSaveKey(key('Ы', { ctrl: true }, 'KeyS'))).toBe(true);
    expect(isSaveKey(key('σ', { meta: true }, 'KeyS'))).toBe(true);
    expect(isSaveKey(key('ы', {}, 'KeyS'))).toBe(false);
    expect(isSaveKey(key('в', { ctrl: true }, 'KeyD'))).toBe(false);
    // On a Latin layout the letter counts, not the place (Dvorak's O is where QWERTY's S is).
    expect(isSaveKey(key('o', { ctrl: true }, 'KeyS'))).toBe(false);
  });

  it('saves, then says so, in a workspace kept in this browser', async () => {
    const { services, log } = setUp();
    await saveNow(services);
    expect(log).toEqual(['save', `say ${SAVED}`]);
  });

  it('saves, says so, then asks for a sync in a synced workspace', async () => {
    const { services, log } = setUp({ syncable: true });
    await saveNow(services);
    expect(log).toEqual(['save', `say ${SAVED}`, 'sync']);
  });

  it('saves but asks for no sync while offline, and says why', async () => {
    const { services, log } = setUp({ syncable: true, online: false });
    await saveNow(services);
    expect(log).toEqual(['save', `say ${SAVED_OFFLINE}`]);
  });

  it('with a dialog that keeps edits of its own open, says that only the text was saved', async () => {
    const { services, log } = setUp({ syncable: true });
    await saveNow(services, 'Settings');
    expect(log).toEqual(['save', `say ${TEXT_SAVED} ${dialogNotSaved('Settings')}`, 'sync']);
    expect(`${TEXT_SAVED} ${dialogNotSaved('Settings')}`).toBe(
      'Text saved. Changes in Settings are saved when you press Ok.',
    );
    const offline = setUp({ syncable: true, online: false });
    await saveNow(offline.services, 'File properties');
    expect(offline.log).toEqual([
      'save',
      `say ${SAVED_OFFLINE} Changes in File properties are saved when you press Ok.`,
    ]);
  });

  it('says nothing and asks for nothing when the save failed (the editor reports it)', async () => {
    const { services, log } = setUp({ saves: false, syncable: true });
    await saveNow(services);
    expect(log).toEqual(['save']);
  });
});
