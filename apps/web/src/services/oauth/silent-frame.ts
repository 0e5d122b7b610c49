import { type Timers } from '@inkstone/core';
import { type OpenerPort } from './authorize-popup';
import { type CallbackMessage, isCallbackMessage } from './callback-message';

/** A hidden frame loading a provider's authorize page, as the page holding it sees it. */
export interface HiddenFrame {
  /** The frame's window, once it has one: answers from anywhere else are ignored. */
  readonly window: unknown;
  remove(): void;
}

/** How the page makes hidden frames (`browserFrames(document)` is the real one). */
export interface FramePort {
  load(url: string): HiddenFrame;
}

/** The silent authorisation gave no answer within its time limit. */
export class SilentTimeout extends Error {
  constructor() {
    super('Network request timeout.');
    this.name = 'SilentTimeout';
  }
}

/**
 * Loads `url` (an authorize page asked for no interaction: Google's `prompt=none`) in a hidden
 * frame and waits for the callback page inside it to post the answer to this page; resolves to
 * that answer (a refusal such as `interaction_required` included), or fails with
 * {@link SilentTimeout} after `timeoutMs`. The frame is removed either way.
 */
export function authorizeInFrame(
  url: string,
  state: string,
  {
    frames,
    messages,
    timers,
    timeoutMs,
  }: {
    frames: FramePort;
    /** The page's origin and `message` events (the opener port's). */
    messages: Pick<OpenerPort, 'origin' | 'listen'>;
    timers: Timers;
    timeoutMs: number;
  },
): Promise<CallbackMessage> {
  return new Promise((resolve, reject) => {
    const cleanups: (() => void)[] = [];
    let done = false;
    const finish = (result: CallbackMessage | Error) => {
      if (done) return;
      done = true;
      for (const cleanup of cleanups) cleanup();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    cleanups.push(
      messages.listen(({ origin, source, data }) => {
        if (origin !== messages.origin || !isCallbackMessage(data) || data.state !== state) return;
        if (source !== null && source !== undefined && source !== frame.window) return;
        finish(data);
      }),
    );
    cleanups.push(timers.set(() => finish(new SilentTimeout()), timeoutMs));
    const frame = frames.load(url);
    cleanups.push(() => frame.remove());
  });
}

/** Hidden frames in `doc`'s body. */
export function browserFrames(doc: Document): FramePort {
  return {
    load(url) {
      const frame = doc.createElement('iframe');
      frame.hidden = true;
      frame.title = 'Google sign-in check';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.src = url;
      doc.body.appendChild(frame);
      return {
        get window() {
          return frame.contentWindow;
        },
        remove: () => frame.remove(),
      };
    },
  };
}
