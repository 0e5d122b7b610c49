import { type TemplateRequest, type TemplateResponse } from './template-runner';

/** The message of a generation stopped by its time-out (spec interface §8). */
export const TEMPLATE_TIMEOUT_MESSAGE = 'Template generation timeout.';
/** How long a template may take (spec interface §8: 10 s). */
export const TEMPLATE_GENERATION_TIMEOUT = 10_000;

/** The part of a `Worker` the generator uses, so that tests can give another one. */
export interface TemplateWorker {
  onmessage: ((event: { data: TemplateResponse }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  postMessage(request: TemplateRequest): void;
  terminate(): void;
}

/** How a generation runs. */
export interface GeneratorOptions {
  /** Starts a worker for one generation. */
  createWorker: () => TemplateWorker;
  /** Milliseconds before the worker is stopped; 10 s unless told. */
  timeout?: number;
}

/** Why a template could not be generated: its message is shown to the user. */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** Generates `request` in a worker of its own, which is terminated when it answers, fails, or
 * takes longer than the time-out (then the promise rejects with 'Template generation
 * timeout.'): a helper that loops forever stops with its worker. */
export function generateTemplate(
  request: TemplateRequest,
  { createWorker, timeout = TEMPLATE_GENERATION_TIMEOUT }: GeneratorOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = createWorker();
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.terminate();
      settle();
    };
    const timer = setTimeout(
      () => finish(() => reject(new TemplateError(TEMPLATE_TIMEOUT_MESSAGE))),
      timeout,
    );
    worker.onmessage = ({ data }) =>
      finish(() => (data.ok ? resolve(data.result) : reject(new TemplateError(data.error))));
    worker.onerror = (event) =>
      finish(() => reject(new TemplateError(event.message || 'The template worker failed.')));
    worker.postMessage(request);
  });
}

/** Starts the browser's template worker: a same-origin module script bundled by Next.js. */
export function createBrowserTemplateWorker(): TemplateWorker {
  return new Worker(new URL('./template.worker.ts', import.meta.url), {
    type: 'module',
    name: 'template',
  }) as unknown as TemplateWorker;
}
