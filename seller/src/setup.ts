import { createConsoleSetup } from '@market/console-kit';
import { en } from './i18n/en.ts';
import { it } from './i18n/it.ts';
import { withSellerMethods } from './providers/seller-data-provider.ts';

/**
 * Seller console: Firebase accounts with the `seller` claim get the console, API under
 * `/api/seller`; applicants (role `user` with a `sellerId` claim) get in with the `applicant`
 * permission, which only shows their application's status.
 */
export const sellerSetup = createConsoleSetup({
  role: 'seller',
  apiBase: '/api/seller',
  messages: { en, it },
  admitApplicants: true,
  extendDataProvider: withSellerMethods,
});
