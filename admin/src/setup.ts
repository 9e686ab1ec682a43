import { createConsoleSetup } from '@market/console-kit';
import { en } from './i18n/en.ts';
import { it } from './i18n/it.ts';
import { withAdminMethods } from './providers/admin-data-provider.ts';

/** Admin-only console: Firebase accounts with the `admin` claim, API under `/api/admin`. */
export const adminSetup = createConsoleSetup({
  role: 'admin',
  apiBase: '/api/admin',
  messages: { en, it },
  extendDataProvider: withAdminMethods,
});
