import { createFile, createFolder, MemoryDatabase } from '@inkstone/core';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { base64Bytes, bytesBase64, workspaceZipName, zipWorkspace } from './workspace-zip';

let n = 0;
const newId = () => `id${String((n += 1)).padStart(14, '0')}`;

describe('the workspace zip', () => {
  it('holds every file at its folder path with its text exactly, the folders and the images', async () => {
    const repo = new MemoryDatabase('inkstone-db').connect();
    const notes = await createFolder(repo, newId, 'Notes', null);
    await createFolder(repo, newId, 'Empty', notes.id);
    await createFile(repo, newId, { name: 'Plan', parentId: notes.id, text: 'Été 🎉\r\n\ttab' });
    await createFile(repo, newId, { name: 'Gone', parentId: 'trash', text: 'x' });
    await repo.putImage({ id: 'i', path: '/imgs/a.bin', content: 'AAEC/w==', uploaded: false });
    const paused: number[] = [];
    const zip = await zipWorkspace(repo, {
      pause: async () => void paused.push(1),
      onProgress: () => undefined,
    });
    const entries = unzipSync(new Uint8Array(await zip.blob.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      'Notes/',
      'Notes/Empty/',
      'Notes/Plan.md',
      'imgs/a.bin',
    ]);
    expect(new TextDecoder().decode(entries['Notes/Plan.md'])).toBe('Été 🎉\r\n\ttab\n');
    expect([...entries['imgs/a.bin']!]).toEqual([0, 1, 2, 255]);
    expect(zip).toMatchObject({ files: 1, folders: 2, images: 1 });
  });

  it('is named after the workspace and the day, without characters file systems refuse', () => {
    expect(workspaceZipName('Main workspace', '2026-05-01')).toBe('Main workspace 2026-05-01.zip');
    expect(workspaceZipName('a/b: c?', '2026-05-01')).toBe('a b c 2026-05-01.zip');
    expect(workspaceZipName(' / ', '2026-05-01')).toBe('Workspace 2026-05-01.zip');
  });

  it('carries image bytes through base64 both ways', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    expect(await base64Bytes(await bytesBase64(bytes))).toEqual(bytes);
    expect(await base64Bytes('not base64!')).toEqual(new Uint8Array(0));
    expect(await bytesBase64(new Uint8Array(0))).toBe('');
  });

  it('turns a large image into base64 and back a piece at a time, pausing between pieces', async () => {
    // 1 MB and a bit: six pieces of 192 KB.
    const bytes = new Uint8Array(1_000_001).map((_, i) => (i * 31 + (i >> 8)) % 256);
    let pauses = 0;
    const checkpoint = () => Promise.resolve(void (pauses += 1));
    const base64 = await bytesBase64(bytes, checkpoint);
    expect(base64).toBe(Buffer.from(bytes).toString('base64'));
    expect(pauses).toBe(6);
    pauses = 0;
    const back = await base64Bytes(`${base64.slice(0, 100)}\n${base64.slice(100)}`, checkpoint);
    // Compared as buffers: a deep equality of a million elements takes seconds by itself.
    expect(back.length).toBe(bytes.length);
    expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
    expect(pauses).toBe(6);
  });
});
