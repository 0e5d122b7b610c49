import type { IncomingMessage, ServerResponse } from 'node:http';

// An OpenAI-compatible chat completions endpoint (what Inkstone's chat assistant calls: spec
// interface §4, §7), built from the API reference transcribed in
// fixtures/openai-chat-completions.json: `POST /v1/chat/completions` with a bearer key, the
// request's required fields checked, the answer either one `chat.completion` or, with `stream`,
// data-only server-sent events of `chat.completion.chunk`s, one per piece of the reply, ending
// with `data: [DONE]`; errors in OpenAI's `{"error": {message, type, param, code}}` shape.

export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/** What a test sets: the keys taken, the reply to a prompt, and faults. */
export class ChatStore {
  readonly keys = new Set<string>();
  /** The reply to the last user message (default: a short markdown answer quoting it). */
  reply: (prompt: string) => string = (prompt) =>
    `## Answer\n\nYou asked: *${prompt.split('\n')[0]}*.\n\n- one\n- two\n`;
  /** Characters per streamed chunk. */
  chunkSize = 8;
  /** Milliseconds between chunks. */
  chunkDelayMs = 20;
  /** Cut the connection after this many content chunks (a stream broken in the middle). */
  cutAfterChunks: number | undefined;
  /** While set, answers wait after their first (empty) chunk, as a model slow to its first
   * word: see {@link holdAnswers}. */
  private held: Promise<void> | undefined;

  /** Holds every answer after its first, empty chunk until the function returned is called (a
   * model slow to its first word, for as long as a test needs to see the client waiting). */
  holdAnswers(): () => void {
    let release = () => {};
    this.held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }

  /** Resolves when held answers may go on (at once when none are held). */
  whenReleased(): Promise<void> {
    return this.held ?? Promise.resolve();
  }

  /** The requests received, their bodies parsed. */
  readonly requests: { authorization: string | undefined; body: unknown }[] = [];

  addKey(key: string): string {
    this.keys.add(key);
    return key;
  }
}

type ChatError = {
  status: number;
  type: string;
  message: string;
  code: string | null;
  param?: string;
};

function sendError(response: ServerResponse, cors: Record<string, string>, error: ChatError): void {
  response.writeHead(error.status, { ...cors, 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      error: {
        message: error.message,
        type: error.type,
        param: error.param ?? null,
        code: error.code,
      },
    }),
  );
}

const mask = (key: string) => (key.length <= 8 ? '***' : `${key.slice(0, 3)}***${key.slice(-4)}`);

/** Answers `POST /v1/chat/completions`. */
export async function answerChat(
  store: ChatStore,
  request: IncomingMessage,
  body: Buffer,
  response: ServerResponse,
  cors: Record<string, string>,
): Promise<void> {
  if (request.method !== 'POST') {
    sendError(response, cors, {
      status: 405,
      type: 'invalid_request_error',
      code: null,
      message: `Invalid method for URL (${request.method} ${CHAT_COMPLETIONS_PATH})`,
    });
    return;
  }
  const authorization = request.headers.authorization;
  const key = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  store.requests.push({ authorization, body: parsed });
  if (!key) {
    sendError(response, cors, {
      status: 401,
      type: 'invalid_request_error',
      code: null,
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    });
    return;
  }
  if (!store.keys.has(key)) {
    sendError(response, cors, {
      status: 401,
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      message: `Incorrect API key provided: ${mask(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    });
    return;
  }
  const request_ = parsed as { model?: unknown; messages?: unknown; stream?: unknown } | undefined;
  if (!request_ || typeof request_ !== 'object') {
    sendError(response, cors, {
      status: 400,
      type: 'invalid_request_error',
      code: null,
      message: 'We could not parse the JSON body of your request.',
    });
    return;
  }
  for (const field of ['model', 'messages'] as const) {
    if (request_[field] === undefined) {
      sendError(response, cors, {
        status: 400,
        type: 'invalid_request_error',
        code: null,
        param: field,
        message: `Missing required parameter: '${field}'.`,
      });
      return;
    }
  }
  const messages = request_.messages as { role?: unknown; content?: unknown }[];
  if (!Array.isArray(messages) || messages.length === 0) {
    sendError(response, cors, {
      status: 400,
      type: 'invalid_request_error',
      code: null,
      param: 'messages',
      message: "Invalid 'messages': empty array. Expected an array with minimum length 1.",
    });
    return;
  }
  const content = [...messages].reverse().find((m) => m.role === 'user')?.content;
  const prompt = typeof content === 'string' ? content : '';
  const reply = store.reply(prompt);
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 12)}`;
  const created = Math.floor(Date.now() / 1000);
  const model = String(request_.model);
  if (request_.stream !== true) {
    response.writeHead(200, { ...cors, 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' },
        ],
      }),
    );
    return;
  }
  response.writeHead(200, {
    ...cors,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
  // Resolves once the chunk is handed to the socket (so that a cut after it still delivers it).
  const send = (delta: Record<string, string>, finish: string | null) =>
    new Promise<void>((resolve) =>
      response.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        () => resolve(),
      ),
    );
  const pause = () => new Promise((resolve) => setTimeout(resolve, store.chunkDelayMs));
  await send({ role: 'assistant', content: '' }, null);
  await store.whenReleased();
  if (response.destroyed) return; // The client aborted while held.
  let sent = 0;
  for (let at = 0; at < reply.length; at += store.chunkSize) {
    if (store.cutAfterChunks !== undefined && sent >= store.cutAfterChunks) {
      // The connection closed without the body's last chunk (a FIN, not a reset: a reset would
      // make the client's system drop what it had received and not yet read), a moment after
      // the last chunk, as a connection that breaks while the answer is coming.
      await new Promise((resolve) => setTimeout(resolve, Math.max(store.chunkDelayMs, 200)));
      request.socket.end();
      return;
    }
    await pause();
    if (response.destroyed) return; // The client aborted.
    await send({ content: reply.slice(at, at + store.chunkSize) }, null);
    sent += 1;
  }
  await send({}, 'stop');
  response.end('data: [DONE]\n\n');
}
