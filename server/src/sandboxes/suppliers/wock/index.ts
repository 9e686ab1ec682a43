import type { Currency, SupplierCredentials } from '@market/shared';
import { Hono } from 'hono';
import type { Logger } from '../../../logger.ts';
import { listen, type ListeningSandbox } from '../../kit.ts';
import { openStockroom, stockroomControlRoutes, type Stockroom } from '../stockroom.ts';
import { wockApi } from './api.ts';

/** The API key the sandbox accepts (the demo seller connects with it). */
export const WOCK_SANDBOX_CREDENTIALS = {
  apiKey: 'wock_sandbox_sk_4f7c2a9e1b8d',
} as const satisfies SupplierCredentials['wock'];

/** The sandbox account buys and is billed in euros. */
const CURRENCY: Currency = 'eur';

export type WockSandbox = ListeningSandbox & { stockroom: Stockroom };

/**
 * A local Wock on our PROVISIONAL contract (integrations/suppliers/wock/README.md): the shared
 * stockroom's catalogue, purchases and codes behind Wock's `/v1` routes, with the fault switches
 * and `/sandbox/...` control routes every supplier sandbox has. State lives in
 * `<dir>/wock-sandbox.json`.
 */
export async function startWockSandbox(opts: {
  port: number;
  dir: string;
  log?: Logger;
  productCount?: number;
}): Promise<WockSandbox> {
  const stockroom = openStockroom({
    supplier: 'wock',
    dir: opts.dir,
    productCount: opts.productCount,
    currency: CURRENCY,
  });
  const app = new Hono()
    .route('/', stockroomControlRoutes(stockroom))
    .route('/', wockApi(stockroom, { ...WOCK_SANDBOX_CREDENTIALS, currency: CURRENCY }, opts.log));
  const server = await listen(app, opts.port);
  return { ...server, stockroom };
}
