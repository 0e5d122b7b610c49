import { type CloudSim, startCloudSim } from '@inkstone/cloud-sim';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures/warm-page';
import { alert, editor, editorText, replaceText, sharedApp } from './helpers';

// The chat assistant (issue 32) against cloud-sim's OpenAI-compatible /v1/chat/completions: the
// key configured in its dialog, an answer streamed in chunk by chunk and inserted as one edit, a
// refused key and a stream cut in the middle told in the spec's words, Stop by Escape. One sim,
// one page for the file.

let sim: CloudSim;
const KEY = 'sk-e2e-chat-0123456789';

test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  sim.chat.addKey(KEY);
});
test.afterAll(() => sim?.close());
const page = sharedApp();

const chat = (p: Page) => p.getByRole('dialog', { name: 'ChatGPT', exact: true });
const openChat = async (p: Page) => {
  await p
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'ChatGPT', exact: true })
    .click();
  await expect(chat(p)).toBeVisible();
};

test('configures the key, streams an answer in and inserts it as one undoable edit', async () => {
  const p = page();
  await replaceText(p, 'Intro\n\n');
  await openChat(p);
  await expect(chat(p)).toContainText('apiKey is not configured. Please click Configure apiKey.');
  await expect(chat(p).getByRole('textbox', { name: 'Description' })).toBeDisabled();

  await chat(p).getByRole('button', { name: 'Configure apiKey' }).click();
  const config = p.getByRole('dialog', { name: 'ChatGPT configuration' });
  await config.getByRole('button', { name: 'Ok' }).click();
  await expect(config.getByRole('alert')).toHaveText('apiKey is required.');
  await config.getByLabel('apiKey').fill(KEY);
  await config.getByRole('textbox', { name: 'Proxy address' }).fill(`${sim.url}/`);
  await config.getByRole('button', { name: 'Ok' }).click();
  await expect(config).toBeHidden();

  sim.chat.chunkDelayMs = 120;
  sim.chat.reply = () => '## Plan\n\n- write\n- **rest**\n';
  const description = chat(p).getByRole('textbox', { name: 'Description' });
  await description.fill('A two-step plan');
  // The model is slow to its first word until the waiting state has been seen (on a loaded
  // machine the first words came before the check did).
  const release = sim.chat.holdAnswers();
  await chat(p).getByRole('button', { name: 'Generate' }).click();
  await expect(chat(p).getByText('Waiting for Generation...')).toBeVisible();
  await expect(chat(p).getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(description).toBeDisabled();
  release();
  const answer = chat(p).getByRole('region', { name: 'Answer' });
  await expect(answer).toHaveText('## Plan\n\n- write\n- **rest**\n', { timeout: 15_000 });
  await expect(chat(p).getByRole('button', { name: 'Regenerate' })).toBeVisible();
  // What was sent: the description with the Markdown request, the key in the header only.
  const sent = sim.chat.requests.at(-1)!;
  expect(sent.authorization).toBe(`Bearer ${KEY}`);
  expect(sent.body).toMatchObject({
    model: 'gpt-3.5-turbo',
    temperature: 1,
    stream: true,
    messages: [{ role: 'user', content: 'A two-step plan\n(Outputs results using Markdown)' }],
  });
  await chat(p).getByRole('button', { name: 'OK, Insert' }).click();
  await expect(chat(p)).toBeHidden();
  await expect.poll(() => editorText(p)).toBe('Intro\n\n## Plan\n\n- write\n- **rest**');
  await editor(p).press('ControlOrMeta+z');
  await expect.poll(() => editorText(p)).toBe('Intro');
});

test('a refused key and a stream cut in the middle are told, the words received kept', async () => {
  const p = page();
  sim.chat.chunkDelayMs = 20;
  // The key stays from the first test (this browser's database).
  await openChat(p);
  const description = chat(p).getByRole('textbox', { name: 'Description' });
  await description.fill('Anything');
  sim.chat.keys.delete(KEY);
  await chat(p).getByRole('button', { name: 'Generate' }).click();
  await expect(chat(p).getByRole('alert')).toContainText('ChatGPT request to API failed!');
  await expect(chat(p).getByRole('alert')).toContainText('Incorrect API key provided');
  await expect(alert(p, 'ChatGPT request to API failed!')).toBeVisible();
  sim.chat.keys.add(KEY);

  sim.chat.reply = () => 'First part, then the rest that never comes.';
  sim.chat.chunkSize = 11;
  sim.chat.cutAfterChunks = 1;
  await chat(p).getByRole('button', { name: 'Generate' }).click();
  await expect(chat(p).getByRole('region', { name: 'Answer' })).toHaveText('First part,');
  await expect(chat(p).getByRole('alert')).toContainText('ChatGPT request to API failed!');
  await expect(chat(p).getByRole('alert')).not.toContainText('Incorrect API key');
  sim.chat.cutAfterChunks = undefined;

  // Escape while generating stops it and keeps the dialog open.
  sim.chat.chunkDelayMs = 400;
  await chat(p).getByRole('button', { name: 'Regenerate' }).click();
  await expect(chat(p).getByRole('button', { name: 'Stop' })).toBeVisible();
  await p.keyboard.press('Escape');
  await expect(chat(p).getByRole('button', { name: /^(Generate|Regenerate)$/ })).toBeVisible();
  await expect(chat(p)).toBeVisible();
  await p.keyboard.press('Escape');
  await expect(chat(p)).toBeHidden();
  sim.chat.chunkSize = 8;
});
