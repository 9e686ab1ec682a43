import { createConsoleSetup } from '@market/console-kit';
import { en } from './i18n/en.ts';
import { it } from './i18n/it.ts';

/** Seller console: Firebase accounts with the `seller` claim, API under `/api/seller`. */
export const sellerSetup = createConsoleSetup({
  role: 'seller',
  apiBase: '/api/seller',
  messages: { en, it },
});
