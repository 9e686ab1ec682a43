import {
  APPLICANT_PERMISSION,
  ConsoleAdmin,
  sellerConsoleTheme,
  type MenuGroup,
  type PublicRoute,
} from '@market/console-kit';
import { Resource } from 'react-admin';
import categories from './categories/index.ts';
import offers from './offers/index.ts';
import productProposals from './product-proposals/index.ts';
import products from './products/index.ts';
import keys from './keys/index.ts';
import reviews from './reviews/index.ts';
import sales from './sales/index.ts';
import refunds from './refunds/index.ts';
import shop from './shop/index.ts';
import claims from './claims/index.ts';
import conversations from './conversations/index.ts';
import payouts, { ledgerEntries } from './payouts/index.ts';
import supplierCatalogue from './supplier-catalogue/index.ts';
import supplierConnections from './supplier-connections/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { RegisterPage } from './register/RegisterPage.tsx';
import { REGISTER_PATH, SellerLoginPage } from './register/SellerLoginPage.tsx';
import { sellerSetup } from './setup.ts';
import { apiTokens, webhookDeliveries, webhooks } from './seller-api/index.ts';

/** The seller menu by job; a resource no group names still shows, after them. */
export const SELLER_MENU: readonly MenuGroup[] = [
  {
    key: 'catalogue',
    resources: ['products', 'offers', 'keys', 'product-proposals', 'categories'],
  },
  { key: 'orders', resources: ['sales', 'refunds', 'claims', 'payouts', 'ledger-entries'] },
  { key: 'suppliers', resources: ['supplier-connections', 'supplier-products'] },
  { key: 'content', resources: ['reviews', 'conversations'] },
  { key: 'shop', resources: ['shop', 'api-tokens', 'webhooks', 'webhook-deliveries'] },
];

/** Open to anyone: how a seller applies. */
const publicRoutes: readonly PublicRoute[] = [{ path: REGISTER_PATH, element: <RegisterPage /> }];

/**
 * The seller console. Approved sellers get its resources; applicants only the dashboard, which
 * for them shows their application's status.
 */
export function App() {
  return (
    <ConsoleAdmin
      setup={sellerSetup}
      dashboard={Dashboard}
      loginPage={SellerLoginPage}
      publicRoutes={publicRoutes}
      menuGroups={SELLER_MENU}
      theme={sellerConsoleTheme}
    >
      {(permissions: unknown) =>
        permissions === APPLICANT_PERMISSION ? null : (
          <>
            <Resource name="products" {...products} />
            <Resource name="offers" {...offers} />
            <Resource name="product-proposals" {...productProposals} />
            <Resource name="keys" {...keys} />
            <Resource name="supplier-connections" {...supplierConnections} />
            <Resource name="supplier-products" {...supplierCatalogue} />
            <Resource name="sales" {...sales} />
            <Resource name="refunds" {...refunds} />
            <Resource name="claims" {...claims} />
            <Resource name="conversations" {...conversations} />
            <Resource name="ledger-entries" {...ledgerEntries} />
            <Resource name="payouts" {...payouts} />
            <Resource name="reviews" {...reviews} />
            <Resource name="categories" {...categories} />
            <Resource name="shop" {...shop} />
            <Resource name="api-tokens" {...apiTokens} />
            <Resource name="webhooks" {...webhooks} />
            <Resource name="webhook-deliveries" {...webhookDeliveries} />
          </>
        )
      }
    </ConsoleAdmin>
  );
}
