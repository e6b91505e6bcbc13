import type { FastifyPluginAsync } from 'fastify';
import { renderPdf } from '../../lib/pdf';
import { contentDisposition } from '../../lib/content-disposition';
import { LEGAL_DOCUMENTS } from './texts';

/** The footer's documents (spec §1), rendered once as real PDFs. */
export const legalRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { doc: string } }>('/legal/:doc', { config: { public: true } }, async (req, reply) => {
    const slug = req.params.doc.replace(/\.pdf$/, '');
    const doc = LEGAL_DOCUMENTS[slug];
    if (!doc) return reply.callNotFound();
    let pdf = cache.get(slug);
    if (!pdf) {
      pdf = await renderPdf({ title: doc.title }, (d) => {
        d.fontSize(18).font('Helvetica-Bold').text(doc.title);
        d.moveDown();
        for (const [heading, body] of doc.sections) {
          d.fontSize(12).font('Helvetica-Bold').text(heading);
          d.moveDown(0.3);
          d.fontSize(10).font('Helvetica').text(body, { align: 'justify' });
          d.moveDown();
        }
      });
      cache.set(slug, pdf);
    }
    return reply
      .type('application/pdf')
      .header('Content-Disposition', contentDisposition(`${slug}.pdf`, 'inline'))
      .header('Cache-Control', 'public, max-age=86400')
      .send(pdf);
  });
};
