import { describe, expect, it } from 'vitest';
import {
  CHAT_API_KEY_REQUIRED,
  CHAT_PROMPT_SUFFIX,
  CHAT_PROXY_HOST_INVALID,
  CHAT_REQUEST_FAILED,
  ChatError,
  ChatStreamReader,
  chatErrorDetail,
  chatRequest,
  readChatConfigForm,
} from './chat-assistant.js';

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-3.5-turbo', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

describe('the chat config form', () => {
  it('needs an apiKey, takes the proxy address without its trailing slash, refuses a non-URL', () => {
    expect(readChatConfigForm({ apiKey: ' ', proxyHost: '' })).toEqual({
      errors: { apiKey: CHAT_API_KEY_REQUIRED },
    });
    expect(
      readChatConfigForm({ apiKey: 'sk-1', proxyHost: 'https://proxy.example/openai/' }),
    ).toEqual({
      config: { apiKey: 'sk-1', proxyHost: 'https://proxy.example/openai' },
    });
    expect(readChatConfigForm({ apiKey: 'sk-1', proxyHost: 'proxy.example' })).toEqual({
      errors: { proxyHost: CHAT_PROXY_HOST_INVALID },
    });
  });

  it('sends the description with the Markdown request to the configured address, or the official one', () => {
    const official = chatRequest({ apiKey: 'sk-1', proxyHost: '' }, ' A haiku ');
    expect(official.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(official.headers.authorization).toBe('Bearer sk-1');
    expect(JSON.parse(official.body)).toEqual({
      model: 'gpt-3.5-turbo',
      messages: [{ role: 'user', content: `A haiku\n${CHAT_PROMPT_SUFFIX}` }],
      temperature: 1,
      stream: true,
    });
    expect(chatRequest({ apiKey: 'k', proxyHost: 'http://127.0.0.1:9' }, 'x').url).toBe(
      'http://127.0.0.1:9/v1/chat/completions',
    );
  });
});

describe('ChatStreamReader', () => {
  it('hands out each delta however the stream is cut into pieces, and ends at [DONE]', () => {
    const stream = `${chunk('')}: keep-alive\n\n${chunk('# Title')}${chunk('\n\nSome ')}${chunk('**bold** text, é 日本')}data: [DONE]\n\n`;
    for (const size of [1, 2, 3, 7, 64, stream.length]) {
      let text = '';
      const reader = new ChatStreamReader((delta) => (text += delta));
      for (let at = 0; at < stream.length; at += size) reader.push(stream.slice(at, at + size));
      expect(reader.finish()).toBe(true);
      expect(text).toBe('# Title\n\nSome **bold** text, é 日本');
    }
  });

  it('reads CRLF line ends, and says a stream cut before [DONE] did not finish, keeping what came', () => {
    let text = '';
    const reader = new ChatStreamReader((delta) => (text += delta));
    reader.push(chunk('Half').replace(/\n/g, '\r\n'));
    reader.push(chunk(' a sen').slice(0, 20));
    expect(reader.finish()).toBe(false);
    expect(text).toBe('Half');
  });

  it('fails on an error event or an event that is not JSON, with the spec message', () => {
    const reader = new ChatStreamReader(() => undefined);
    expect(() => reader.push('data: {"error": {"message": "overloaded"}}\n\n')).toThrow(
      CHAT_REQUEST_FAILED,
    );
    const garbled = new ChatStreamReader(() => undefined);
    expect(() => garbled.push('data: <html>\n\n')).toThrow(ChatError);
  });

  it('reads the service error body for the detail', () => {
    expect(
      chatErrorDetail(
        401,
        '{"error":{"message":"Incorrect API key provided: sk-***","type":"invalid_request_error"}}',
      ),
    ).toBe('401: Incorrect API key provided: sk-***');
    expect(chatErrorDetail(502, '<h1>Bad Gateway</h1>')).toBe('502: <h1>Bad Gateway</h1>');
  });
});
