import {
  type ChatConfig,
  ChatError,
  chatErrorDetail,
  chatRequest,
  ChatStreamReader,
} from '@inkstone/core';

/**
 * Asks the configured OpenAI-compatible endpoint for `description` and hands each piece of the
 * streamed answer to `onText` as it arrives. Resolves when the stream ends with its [DONE];
 * rejects with a `ChatError` (the spec's 'ChatGPT request to API failed!') when the request
 * fails, the service refuses, or the stream is cut (the text received stays with the caller),
 * and with an AbortError when `signal` aborts.
 */
export async function streamChat(
  config: ChatConfig,
  description: string,
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const { url, headers, body } = chatRequest(config, description);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ChatError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok || !response.body) {
    throw new ChatError(chatErrorDetail(response.status, await response.text().catch(() => '')));
  }
  const reader = new ChatStreamReader(onText);
  const decoder = new TextDecoder();
  const stream = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      reader.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (signal.aborted || error instanceof ChatError) throw error;
    throw new ChatError(error instanceof Error ? error.message : String(error));
  }
  reader.push(decoder.decode());
  if (!reader.finish()) throw new ChatError('The answer stopped before its end.');
}
