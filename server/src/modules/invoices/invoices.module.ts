import type { ModuleDeclaration } from '../../runtime/module.ts';
import { invoiceIndexes } from './invoices.repository.ts';
import { adminInvoiceRoutes, userInvoiceRoutes } from './invoices.routes.ts';
import type { InvoiceService } from './invoices.service.ts';

/** Invoices and credit notes: the buyer's invoice of an order, the admin's list by number. */
export const invoicesModule = (given: { service: InvoiceService }): ModuleDeclaration => ({
  name: 'invoices',
  indexes: { invoices: invoiceIndexes },
  routes: () => [userInvoiceRoutes(given.service), adminInvoiceRoutes(given.service)],
});
