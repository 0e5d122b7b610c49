import { type FastifyPluginAsync, type RouteShorthandOptions } from 'fastify';
import {
  admitExport,
  exportErrorHandler,
  type ExportServices,
  sendExportFailure,
} from '../export/export-services.js';
import { parsePdfOptions } from '../export/pdf-options.js';
import { sendProblem } from '../sponsors/sponsorship.js';

/** What `pdfExportRoutes` needs: the shared services and the route's rate limit. */
export interface PdfExportOptions {
  services: ExportServices;
  routeOptions: RouteShorthandOptions;
}

/** `POST /pdfExport?options=…` (the token in `Authorization: Bearer …`, its kind in
 * `tokenKind`) with the templated HTML as the body (text/html):
 * the PDF (spec interface §7). `options` is the JSON of the `wkhtmltopdf` settings (page size,
 * margins in mm). 401 not a sponsor, 400 bad options or no body, 413 body over
 * EXPORT_BODY_LIMIT_BYTES, 503 queue full, 504 too long. */
export const pdfExportRoutes: FastifyPluginAsync<PdfExportOptions> = async (app, options) => {
  const { services } = options;
  app.addContentTypeParser(['text/html'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/pdfExport',
    {
      ...options.routeOptions,
      bodyLimit: services.conf.bodyLimitBytes,
      errorHandler: exportErrorHandler(services),
    },
    async (request, reply) => {
      const deadline = await admitExport(services, request, reply);
      if (deadline === undefined) return reply;
      const query = request.query as Record<string, unknown>;
      const pdfOptions = parsePdfOptions(query.options);
      if (!pdfOptions.ok) return sendProblem(reply, 400, pdfOptions.message);
      const html = request.body;
      if (typeof html !== 'string' || html.trim() === '') {
        return sendProblem(reply, 400, 'The body must be the HTML to print (text/html).');
      }
      try {
        const pdf = await services.turns.run(
          () => services.renderer.render(html, pdfOptions.value, deadline),
          deadline,
        );
        return reply.type('application/pdf').send(pdf);
      } catch (error) {
        return sendExportFailure(reply, error);
      }
    },
  );
};
