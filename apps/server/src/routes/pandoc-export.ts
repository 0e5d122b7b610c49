import { type FastifyPluginAsync, type RouteShorthandOptions } from 'fastify';
import {
  admitExport,
  exportErrorHandler,
  type ExportServices,
  sendExportFailure,
} from '../export/export-services.js';
import { UnreadableDocumentError, pandocExport } from '../export/pandoc-export.js';
import {
  PANDOC_FORMATS,
  parsePandocFormat,
  parsePandocMetadata,
  parsePandocOptions,
} from '../export/pandoc-options.js';
import { sendProblem } from '../sponsors/sponsorship.js';

/** What `pandocExportRoutes` needs: the shared services and the route's rate limit. */
export interface PandocExportOptions {
  services: ExportServices;
  routeOptions: RouteShorthandOptions;
}

/** `POST /pandocExport?format=…&options=…&metadata=…` (spec interface §7; the token in
 * `Authorization: Bearer …`, its kind in `tokenKind`): the document converted by pandoc. The
 * body is the document as pandoc's JSON (application/json, "the document structure") or as
 * markdown (text/markdown or text/plain); `options` the JSON of the `pandoc` settings,
 * `metadata` the JSON of the file properties. 401 not a sponsor, 400 unknown format, bad
 * options or a document pandoc cannot read, 413 body over EXPORT_BODY_LIMIT_BYTES, 503 queue
 * full, 504 too long. */
export const pandocExportRoutes: FastifyPluginAsync<PandocExportOptions> = async (app, options) => {
  const { services } = options;
  app.addContentTypeParser(['text/markdown'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/pandocExport',
    {
      ...options.routeOptions,
      bodyLimit: services.conf.bodyLimitBytes,
      errorHandler: exportErrorHandler(services),
    },
    async (request, reply) => {
      const deadline = await admitExport(services, request, reply);
      if (deadline === undefined) return reply;
      const query = request.query as Record<string, unknown>;
      const format = parsePandocFormat(query.format);
      if (!format.ok) return sendProblem(reply, 400, format.message);
      const pandocOptions = parsePandocOptions(query.options);
      if (!pandocOptions.ok) return sendProblem(reply, 400, pandocOptions.message);
      const metadata = parsePandocMetadata(query.metadata);
      if (!metadata.ok) return sendProblem(reply, 400, metadata.message);
      const body = request.body;
      const isText = typeof body === 'string';
      if ((isText && body.trim() === '') || (!isText && (typeof body !== 'object' || !body))) {
        return sendProblem(reply, 400, 'The body must be the document (pandoc JSON or markdown).');
      }
      try {
        const file = await services.turns.run(
          () =>
            pandocExport(services.conf.pandocPath, services.renderer, {
              input: isText ? body : JSON.stringify(body),
              from: isText ? 'markdown' : 'json',
              format: format.value,
              options: pandocOptions.value,
              metadata: metadata.value,
              deadline,
            }),
          deadline,
        );
        const { type, extension } = PANDOC_FORMATS[format.value];
        const name = `document.${format.value === 'pdf' ? 'pdf' : extension}`;
        return reply
          .type(type)
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .send(file);
      } catch (error) {
        if (error instanceof UnreadableDocumentError) {
          return sendProblem(reply, 400, error.message);
        }
        return sendExportFailure(reply, error);
      }
    },
  );
};
