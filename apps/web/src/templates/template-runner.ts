import type HandlebarsNamespace from 'handlebars';

/** What the template worker is asked to do. */
export interface TemplateRequest {
  value: string;
  helpers: string;
  context: unknown;
}

/** What it answers. */
export type TemplateResponse = { ok: true; result: string } | { ok: false; error: string };

/**
 * Generates a template: a fresh Handlebars environment, the user's helpers run in it (their
 * code sees `Handlebars` and registers helpers with `Handlebars.registerHelper`), then the
 * template compiled and applied to the context. Both the helpers and Handlebars' compiler
 * evaluate code (`new Function`): this runs only inside the template worker.
 */
export function runTemplate(
  handlebars: typeof HandlebarsNamespace,
  request: TemplateRequest,
): TemplateResponse {
  try {
    const env = handlebars.create();
    if (request.helpers.trim() !== '') {
      // The user's helpers are code by design (see above), run only in the template worker.
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      const helpers = new Function('Handlebars', request.helpers) as (env: unknown) => void;
      helpers(env);
    }
    const template = env.compile(request.value);
    return { ok: true, result: template(request.context) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
