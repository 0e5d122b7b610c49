// The chat assistant (spec interface §4 "Chat assistant modal", §5, §7, §8; issue 32): what is
// sent to an OpenAI-compatible `/v1/chat/completions`, and the reading of its streamed answer,
// server-sent events carrying `choices[0].delta.content` and ending with `data: [DONE]`. The
// fetch itself is the app's (it streams and aborts with the browser's own objects).

/** The official API's address, used when no proxy address is configured. */
export const CHAT_DEFAULT_HOST = 'https://api.openai.com';
/** The model and temperature asked for (spec interface §9). */
export const CHAT_MODEL = 'gpt-3.5-turbo';
export const CHAT_TEMPERATURE = 1;
/** Added after the user's description (spec interface §7). */
export const CHAT_PROMPT_SUFFIX = '(Outputs results using Markdown)';
/** Shown in the chat dialog when no key is configured (spec interface §8). */
export const CHAT_API_KEY_MISSING = 'apiKey is not configured. Please click Configure apiKey.';
/** The notification and the error state of a request that failed (spec interface §8). */
export const CHAT_REQUEST_FAILED = 'ChatGPT request to API failed!';
/** Shown while generating, until the first words arrive. */
export const CHAT_WAITING = 'Waiting for Generation...';
/** Inline errors of the config dialog. */
export const CHAT_API_KEY_REQUIRED = 'apiKey is required.';
export const CHAT_PROXY_HOST_INVALID = 'The proxy address must be an http or https URL.';

/** The assistant's configuration, kept in this browser. */
export interface ChatConfig {
  apiKey: string;
  /** The proxy address without its trailing slash; empty: the official address. */
  proxyHost: string;
}

/** The config dialog's fields checked: the config, or an error per field. */
export function readChatConfigForm(form: {
  apiKey: string;
  proxyHost: string;
}): { config: ChatConfig } | { errors: Partial<Record<keyof ChatConfig, string>> } {
  const apiKey = form.apiKey.trim();
  const proxyHost = form.proxyHost.trim().replace(/\/+$/, '');
  const errors: Partial<Record<keyof ChatConfig, string>> = {};
  if (apiKey === '') errors.apiKey = CHAT_API_KEY_REQUIRED;
  if (proxyHost !== '' && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(proxyHost)) {
    errors.proxyHost = CHAT_PROXY_HOST_INVALID;
  }
  return Object.keys(errors).length > 0 ? { errors } : { config: { apiKey, proxyHost } };
}

/** Where the request goes, and what it carries (model, messages, temperature, stream). */
export function chatRequest(
  config: ChatConfig,
  description: string,
): { url: string; headers: Record<string, string>; body: string } {
  return {
    url: `${config.proxyHost || CHAT_DEFAULT_HOST}/v1/chat/completions`,
    headers: {
      authorization: `Bearer ${config.apiKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      model: CHAT_MODEL,
      messages: [{ role: 'user', content: `${description.trim()}\n${CHAT_PROMPT_SUFFIX}` }],
      temperature: CHAT_TEMPERATURE,
      stream: true,
    }),
  };
}

/** A request that failed: the spec's message, and what the service said, when it said it. */
export class ChatError extends Error {
  constructor(readonly detail: string) {
    super(CHAT_REQUEST_FAILED);
    this.name = 'ChatError';
  }
}

/** The message of an OpenAI-style error body (`{"error": {"message": …}}`), or the body. */
export function chatErrorDetail(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return `${status}: ${parsed.error.message}`;
  } catch {
    // Not JSON: the text itself, shortened.
  }
  return `${status}: ${body.slice(0, 200)}`;
}

/**
 * Reads a server-sent event stream given in pieces of text, however the pieces cut it: each
 * `data:` event's content delta goes to `onText` as soon as its event is complete. `finish()`
 * says whether the stream ended with its `[DONE]` marker; a stream cut before it is a failure
 * (the text received so far was handed out already, and is kept by the caller).
 */
export class ChatStreamReader {
  private buffer = '';
  private data: string[] = [];
  private done = false;

  constructor(private readonly onText: (text: string) => void) {}

  /** Takes the next piece of the stream. */
  push(piece: string): void {
    if (this.done) return;
    this.buffer += piece;
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) return;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(
        this.buffer[end] === '\r' && this.buffer[end + 1] === '\n' ? end + 2 : end + 1,
      );
      this.line(line);
      if (this.done) return;
    }
  }

  /** Whether the stream reached `[DONE]`. (An event left incomplete at the end is dropped,
   * as the server-sent events standard says.) */
  finish(): boolean {
    return this.done;
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return; // A comment (a keep-alive).
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
  }

  private dispatch(): void {
    if (this.data.length === 0) return;
    const data = this.data.join('\n');
    this.data = [];
    if (data.trim() === '[DONE]') {
      this.done = true;
      return;
    }
    let chunk: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      throw new ChatError(`An event that is not JSON: ${data.slice(0, 100)}`);
    }
    if (chunk.error) {
      throw new ChatError(
        typeof chunk.error.message === 'string' ? chunk.error.message : 'An error event.',
      );
    }
    const content = chunk.choices?.[0]?.delta?.content;
    if (typeof content === 'string' && content !== '') this.onText(content);
  }
}
