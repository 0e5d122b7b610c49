import { answerHashRequest, type HashRequest } from './native-hash';

// Hashes saved versions off the main thread: the canonical JSON of a 250,000-character text,
// its check for lone surrogates and its UTF-8 bytes cost milliseconds each, which a keystroke
// arriving meanwhile would wait for.
self.onmessage = (event: MessageEvent<HashRequest>) =>
  void answerHashRequest(event.data).then((response) => self.postMessage(response));
