import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudSim, startCloudSim } from '../server.js';

// The stand-in checked against the API reference transcribed in the fixture.
const reference = JSON.parse(
  readFileSync(new URL('../../fixtures/openai-chat-completions.json', import.meta.url), 'utf8'),
) as {
  endpoint: { method: string; path: string };
  request: { required: string[] };
  streamChunk: { required: string[]; object: string };
  completion: { required: string[]; object: string };
  errors: { '401': { type: string; code: string } };
};

let sim: CloudSim;
let key: string;
beforeAll(async () => {
  sim = await startCloudSim({ port: 0 });
  key = sim.chat.addKey('sk-test-1234567890');
  sim.chat.chunkDelayMs = 1;
});
afterAll(() => sim.close());

const post = (body: unknown, authorization = `Bearer ${key}`) =>
  fetch(`${sim.url}${reference.endpoint.path}`, {
    method: reference.endpoint.method,
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const ask = { model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'A list' }] };

const expectError = async (response: Response, status: number) => {
  expect(response.status).toBe(status);
  const { error } = (await response.json()) as { error: Record<string, unknown> };
  expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type']);
  return error;
};

describe('the OpenAI-compatible chat stand-in', () => {
  it('streams chat.completion.chunk events with the documented fields, then data: [DONE]', async () => {
    const response = await post({ ...ask, stream: true, temperature: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const events = text.split('\n\n').filter((event) => event !== '');
    expect(events.at(-1)).toBe('data: [DONE]');
    let content = '';
    for (const event of events.slice(0, -1)) {
      expect(event.startsWith('data: ')).toBe(true);
      const chunk = JSON.parse(event.slice(6)) as Record<string, unknown> & {
        choices: { delta: { content?: string }; finish_reason: string | null }[];
      };
      for (const field of reference.streamChunk.required) expect(chunk).toHaveProperty(field);
      expect(chunk.object).toBe(reference.streamChunk.object);
      content += chunk.choices[0]!.delta.content ?? '';
    }
    expect(content).toBe(sim.chat.reply('A list'));
    expect(sim.chat.requests.at(-1)?.body).toMatchObject({ stream: true, temperature: 1 });
  });

  it('answers one chat.completion without stream', async () => {
    const response = await post(ask);
    const completion = (await response.json()) as Record<string, unknown>;
    for (const field of reference.completion.required) expect(completion).toHaveProperty(field);
    expect(completion.object).toBe(reference.completion.object);
  });

  it('refuses a wrong or missing key with 401, and a request without a required field with 400', async () => {
    const wrong = await expectError(await post(ask, 'Bearer sk-wrong-0000000000'), 401);
    expect(wrong).toMatchObject({
      type: reference.errors['401'].type,
      code: reference.errors['401'].code,
    });
    expect(wrong.message).toMatch(/^Incorrect API key provided: sk-\*\*\*0000\./);
    expect(wrong.message).not.toContain('sk-wrong-0000000000');
    await expectError(await post(ask, ''), 401);
    for (const field of reference.request.required) {
      const body: Record<string, unknown> = { ...ask };
      delete body[field];
      expect((await expectError(await post(body), 400)).param).toBe(field);
    }
  });

  it('cuts a stream in the middle when asked: no [DONE]', async () => {
    sim.chat.cutAfterChunks = 2;
    try {
      const response = await post({ ...ask, stream: true });
      const text = await response.text().catch(() => 'cut');
      expect(text).not.toContain('[DONE]');
    } finally {
      sim.chat.cutAfterChunks = undefined;
    }
  });

  it('holds answers after their first, empty chunk until released, as a model slow to its first word', async () => {
    const release = sim.chat.holdAnswers();
    const response = await post({ ...ask, stream: true });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain('"role":"assistant"');
    // Nothing more comes while held.
    const next = reader.read();
    const early = await Promise.race([
      next.then(() => 'more'),
      new Promise((resolve) => setTimeout(() => resolve('held'), 300)),
    ]);
    expect(early).toBe('held');
    release();
    text += decoder.decode((await next).value);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value);
    }
    expect(text).toContain('data: [DONE]');
  });
});
