import { ConsoleAdmin, type MenuGroup } from '@market/console-kit';
import { AppBarSearch } from './search/AppBarSearch.tsx';
import { Resource } from 'react-admin';
import brands from './brands/index.ts';
import categories from './categories/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import homeContent from './home-content/index.ts';
import macrocategories from './macrocategories/index.ts';
import platforms from './platforms/index.ts';
import tags from './tags/index.ts';
import searchSynonyms from './search-synonyms/index.ts';
import outbox from './outbox/index.ts';
import offers from './offers/index.ts';
import orders, { reviewQueue } from './orders/index.ts';
import refunds from './refunds/index.ts';
import disputes from './disputes/index.ts';
import invoices from './invoices/index.ts';
import claims from './claims/index.ts';
import conversations from './conversations/index.ts';
import reviews from './reviews/index.ts';
import coupons from './coupons/index.ts';
import commissionRules from './commission-rules/index.ts';
import payouts from './payouts/index.ts';
import keys from './keys/index.ts';
import exchangeRates from './exchange-rates/index.ts';
import vatRates from './vat-rates/index.ts';
import auditLog from './audit-log/index.ts';
import blocklist from './blocklist/index.ts';
import productProposals from './product-proposals/index.ts';
import products from './products/index.ts';
import sellers from './sellers/index.ts';
import supplierPurchases from './supplier-purchases/index.ts';
import suppliers from './suppliers/index.ts';
import system from './system/index.ts';
import { adminSetup } from './setup.ts';
import users from './users/index.ts';

/** The admin menu's ~25 entries by job; a resource no group names still shows, after them. */
export const ADMIN_MENU: readonly MenuGroup[] = [
  {
    key: 'catalogue',
    resources: [
      'products',
      'product-proposals',
      'offers',
      'keys',
      'categories',
      'macrocategories',
      'platforms',
      'brands',
      'tags',
      'search-synonyms',
    ],
  },
  {
    key: 'orders',
    resources: [
      'orders',
      'review-queue',
      'refunds',
      'disputes',
      'invoices',
      'claims',
      'payouts',
      'coupons',
      'commission-rules',
      'exchange-rates',
      'vat-rates',
      'blocklist',
    ],
  },
  { key: 'sellers', resources: ['sellers', 'conversations'] },
  { key: 'suppliers', resources: ['suppliers', 'supplier-purchases'] },
  { key: 'content', resources: ['home-content', 'reviews'] },
  { key: 'system', resources: ['users', 'audit-log', 'outbox', 'system'] },
];

/** The admin console. */
export function App() {
  return (
    <ConsoleAdmin
      setup={adminSetup}
      dashboard={Dashboard}
      menuGroups={ADMIN_MENU}
      appBarSearch={AppBarSearch}
    >
      <Resource name="categories" {...categories} />
      <Resource name="macrocategories" {...macrocategories} />
      <Resource name="platforms" {...platforms} />
      <Resource name="brands" {...brands} />
      <Resource name="tags" {...tags} />
      <Resource name="search-synonyms" {...searchSynonyms} />
      <Resource name="home-content" {...homeContent} />
      <Resource name="products" {...products} />
      <Resource name="product-proposals" {...productProposals} />
      <Resource name="sellers" {...sellers} />
      <Resource name="users" {...users} />
      <Resource name="orders" {...orders} />
      <Resource name="review-queue" {...reviewQueue} />
      <Resource name="refunds" {...refunds} />
      <Resource name="disputes" {...disputes} />
      <Resource name="invoices" {...invoices} />
      <Resource name="claims" {...claims} />
      <Resource name="conversations" {...conversations} />
      <Resource name="reviews" {...reviews} />
      <Resource name="blocklist" {...blocklist} />
      <Resource name="coupons" {...coupons} />
      <Resource name="commission-rules" {...commissionRules} />
      <Resource name="payouts" {...payouts} />
      <Resource name="offers" {...offers} />
      <Resource name="suppliers" {...suppliers} />
      <Resource name="supplier-purchases" {...supplierPurchases} />
      <Resource name="keys" {...keys} />
      <Resource name="exchange-rates" {...exchangeRates} />
      <Resource name="vat-rates" {...vatRates} />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="outbox" {...outbox} />
      <Resource name="system" {...system} />
    </ConsoleAdmin>
  );
}
