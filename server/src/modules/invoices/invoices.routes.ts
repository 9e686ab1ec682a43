import type { Context } from 'hono';
import { z } from 'zod';
import { AdminInvoiceSchema, InvoiceKindSchema, OrderInvoicesSchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { InvoiceService } from './invoices.service.ts';

const NumberParam = z.object({
  number: z
    .string()
    .regex(/^CN-\d{4}-\d{6}$/)
    .describe('A credit note’s number, e.g. CN-2026-000004'),
});

/** A PDF answer: shown inline (the browser's viewer), saved under its number. */
const pdfAnswer = (c: Context, file: { filename: string; pdf: Buffer }) =>
  c.body(new Uint8Array(file.pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${file.filename}"`,
    // A buyer's document: never kept by a shared cache.
    'cache-control': 'private, no-store',
  });

/** `/api/user/orders/:id/invoice` and its credit notes: the buyer's own paid orders only. */
export const userInvoiceRoutes = (service: InvoiceService) =>
  routes('/user/orders', { tag: 'user', access: 'user', verifiedEmail: true })
    .get(
      '/:id/invoice',
      {
        summary: 'The invoice of one of the caller’s paid orders (PDF)',
        description:
          'Issued with the delivery (or now, for an order paid before invoices existed). Another buyer’s order, or one not paid, answers 404.',
        response: { status: 200, description: 'application/pdf' },
      },
      async (c) => pdfAnswer(c, await service.buyerInvoice(currentUser(c).uid, c.req.param('id'))),
    )
    .get(
      '/:id/invoices',
      {
        summary: 'The numbers of the invoice and credit notes of one of the caller’s orders',
        response: { status: 200, description: 'Their numbers', schema: OrderInvoicesSchema },
      },
      async (c) => c.json(await service.buyerDocuments(currentUser(c).uid, c.req.param('id'))),
    )
    .get(
      '/:id/credit-notes/:number',
      {
        summary: 'A credit note of one of the caller’s orders (PDF)',
        params: NumberParam,
        response: { status: 200, description: 'application/pdf' },
      },
      async (c) =>
        pdfAnswer(
          c,
          await service.buyerCreditNote(
            currentUser(c).uid,
            c.req.param('id'),
            c.req.param('number'),
          ),
        ),
    );

const InvoiceFileSchema = z.object({
  filename: z.string(),
  contentType: z.literal('application/pdf'),
  base64: z.string(),
});

const InvoiceFilterSchema = z.object({
  /** A number or its beginning: `2026-000123`, `CN-2026`. */
  q: z.string().trim().max(40).optional(),
  id: IdFilterSchema.optional(),
  kind: InvoiceKindSchema.optional(),
  orderId: z.string().max(64).optional(),
});
const invoice = rest(
  ['invoices and credit notes', 'an invoice or credit note'],
  AdminInvoiceSchema,
);

/** The admin console's `invoices` resource: find by number, download the PDF. */
export const adminInvoiceRoutes = (service: InvoiceService) =>
  routes('/admin/invoices', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      invoice.list({
        filter: InvoiceFilterSchema,
        sorts: ['issuedAt'],
        description: 'Newest first; `q` finds a number by its beginning.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.page(q, q.filter);
        return listResponse(c, 'invoices', q, rows, total);
      },
    )
    .get('/:id', invoice.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .get(
      '/:id/document',
      {
        summary: 'The PDF of an invoice or credit note, as JSON (base64) for the console',
        description:
          'The console sends its token in a header, which a plain link cannot: it saves this.',
        response: { status: 200, description: 'The file', schema: InvoiceFileSchema },
      },
      async (c) => {
        const { filename, pdf } = await service.pdf(c.req.param('id'));
        return c.json({ filename, contentType: 'application/pdf', base64: pdf.toString('base64') });
      },
    )
    .get(
      '/:id/pdf',
      {
        summary: 'The PDF of an invoice or credit note',
        response: { status: 200, description: 'application/pdf' },
      },
      async (c) => pdfAnswer(c, await service.pdf(c.req.param('id'))),
    );
