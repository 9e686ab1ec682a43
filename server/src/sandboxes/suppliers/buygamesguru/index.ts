import type { Currency, SupplierCredentials } from '@market/shared';
import { Hono } from 'hono';
import type { Logger } from '../../../logger.ts';
import { listen, type ListeningSandbox } from '../../kit.ts';
import { openStockroom, stockroomControlRoutes, type Stockroom } from '../stockroom.ts';
import { buygamesguruApi } from './api.ts';

/** The API key the sandbox accepts (the demo seller connects with it). */
export const BUYGAMESGURU_SANDBOX_CREDENTIALS = {
  apiKey: 'bgg-sandbox-7d41c0e9a2f3',
} as const satisfies SupplierCredentials['buygamesguru'];

/** The sandbox wallet pays in US dollars (Wock's in euros): prices reach us in two currencies. */
const CURRENCY: Currency = 'usd';

export type BuygamesguruSandbox = ListeningSandbox & { stockroom: Stockroom };

/**
 * A local BuyGamesGuru on our PROVISIONAL contract
 * (integrations/suppliers/buygamesguru/README.md): the shared stockroom's catalogue, purchases
 * and codes behind its `/api/v2` routes, with the fault switches and `/sandbox/...` control
 * routes every supplier sandbox has. State lives in `<dir>/buygamesguru-sandbox.json`.
 */
export async function startBuygamesguruSandbox(opts: {
  port: number;
  dir: string;
  log?: Logger;
  productCount?: number;
}): Promise<BuygamesguruSandbox> {
  const stockroom = openStockroom({
    supplier: 'buygamesguru',
    dir: opts.dir,
    productCount: opts.productCount,
    currency: CURRENCY,
  });
  const account = { ...BUYGAMESGURU_SANDBOX_CREDENTIALS, currency: CURRENCY };
  const app = new Hono()
    .route('/', stockroomControlRoutes(stockroom))
    .route('/', buygamesguruApi(stockroom, account, opts.log));
  const server = await listen(app, opts.port);
  return { ...server, stockroom };
}
