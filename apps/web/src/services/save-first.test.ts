import { describe, expect, it } from 'vitest';
import { saveEditorFirst, TextNotSavedError } from './save-first';
import { LOCAL_DB_ERROR } from './workspace';

// An editor whose save stores the text or fails; `readOnly` when no file is open in it.
function editor(saved: boolean, readOnly = false) {
  const calls = { saves: 0 };
  const current = {
    save: () => {
      calls.saves += 1;
      return Promise.resolve(saved);
    },
    view: { state: { readOnly } },
  };
  return { editor: { current }, calls };
}

describe('saving the editor before work that reads the stored text', () => {
  it('goes on once the text is stored', async () => {
    const { editor: stored, calls } = editor(true);
    await expect(saveEditorFirst(stored)).resolves.toBeUndefined();
    expect(calls.saves).toBe(1);
  });

  it('stops the work with the local database error when the save failed', async () => {
    const { editor: failing } = editor(false);
    const stopped = saveEditorFirst(failing);
    await expect(stopped).rejects.toBeInstanceOf(TextNotSavedError);
    await expect(stopped).rejects.toThrow(LOCAL_DB_ERROR);
  });

  it('goes on with nothing to save: no editor, or no file open in it', async () => {
    await expect(saveEditorFirst({ current: null })).resolves.toBeUndefined();
    const { editor: empty, calls } = editor(false, true);
    await expect(saveEditorFirst(empty)).resolves.toBeUndefined();
    expect(calls.saves).toBe(0);
  });
});
