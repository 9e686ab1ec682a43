import type { Logger } from '../../../logger.ts';
import { listen, type ListeningSandbox } from '../../kit.ts';
import { openStockroom, type Stockroom } from '../stockroom.ts';
import { PREPAIDFORGE_SANDBOX_CURRENCY, prepaidforgeApi } from './api.ts';

export { PREPAIDFORGE_SANDBOX_CREDENTIALS } from './api.ts';

/*
 * A local stand-in for PrepaidForge's API, on the stockroom every supplier sandbox shares. Its
 * base URL is `<sandbox>/v1` (as `https://api.prepaidforge.com/v1`), so the adapter's paths are
 * the real ones: `<base>/1.0/signInWithApi`, `<base>/1.0/findStocks`… The shapes PrepaidForge
 * does not publish (pages, errors, multi-unit orders, pre-orders, balance, the scan download)
 * are ours; the adapter's README lists them. State lives in `<dir>/prepaidforge-sandbox.json`.
 */

export type PrepaidforgeSandbox = ListeningSandbox & { stockroom: Stockroom };

/** Starts the sandbox on `port` (0: a free one); `tokenTtlSeconds` is how long a sign-in lasts. */
export async function startPrepaidforgeSandbox(opts: {
  port: number;
  dir: string;
  log?: Logger;
  productCount?: number;
  tokenTtlSeconds?: number;
}): Promise<PrepaidforgeSandbox> {
  const stockroom = openStockroom({
    supplier: 'prepaidforge',
    dir: opts.dir,
    productCount: opts.productCount,
    currency: PREPAIDFORGE_SANDBOX_CURRENCY,
  });
  const app = prepaidforgeApi(stockroom, {
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    log: opts.log,
  });
  return { ...(await listen(app, opts.port)), stockroom };
}
