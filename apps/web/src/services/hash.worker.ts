import { answerHashRequest, type HashRequest } from './native-hash';

// Hashes saved versions off the main thread: the canonical JSON of a 250,000-character text,
// its check for lone surrogates and its UTF-8 bytes cost milliseconds each, which a keystroke
// arriving meanwhile would wait for.
// A request that fails here (an answer that cannot be posted) is answered with its error: the
// page then hashes the item itself rather than wait for its time-out.
self.onmessage = (event: MessageEvent<HashRequest>) => {
  const { id } = event.data;
  answerHashRequest(event.data)
    .then((response) => self.postMessage(response))
    .catch((error: unknown) => self.postMessage({ id, error: String(error) }));
};
