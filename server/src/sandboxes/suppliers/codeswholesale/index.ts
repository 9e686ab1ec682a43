import type { Logger } from '../../../logger.ts';
import { listen, type ListeningSandbox } from '../../kit.ts';
import type { Stockroom } from '../stockroom.ts';
import { codeswholesaleApi } from './api.ts';
import { openCodeswholesaleState } from './state.ts';

export { CODESWHOLESALE_SANDBOX_CREDENTIALS } from './state.ts';

/**
 * A local stand-in for CodesWholesale's v2 API: OAuth client credentials, the price list,
 * orders with text, image and pre-order codes, the order history, the account's balance, and
 * postbacks signed with the account's `authHash`. State lives in `<dir>/codeswholesale-sandbox.json`
 * (the stockroom) and `<dir>/codeswholesale-postbacks.json` (postbacks not yet delivered).
 *
 * Test control besides the stockroom's `/sandbox/...` routes: `POST /sandbox/tokens/revoke`
 * invalidates every bearer token (the adapter's next call answers 401 once, then renews).
 * Postbacks: `PREORDER {orderId}` when `POST /sandbox/preorders/release` releases an order,
 * `STOCK` when `POST /sandbox/products/:sku` changes a product, `PRODUCT_HIDDEN` when it hides one.
 */
export type CodeswholesaleSandbox = ListeningSandbox & {
  stockroom: Stockroom;
  /** Where postbacks go (null: keep them pending, delivered once a URL is set). */
  setPostbackUrl(url: string | null): void;
};

export async function startCodeswholesaleSandbox(opts: {
  port: number;
  dir: string;
  log?: Logger;
  productCount?: number;
  postbackUrl?: string | null;
  /** Life of a bearer token (default 3600, as CodesWholesale's). */
  tokenTtlSeconds?: number;
}): Promise<CodeswholesaleSandbox> {
  const model = openCodeswholesaleState(opts);
  const server = await listen(codeswholesaleApi(model), opts.port);
  model.sender.setTarget(opts.postbackUrl ?? null);
  return {
    url: server.url,
    port: server.port,
    stockroom: model.room,
    setPostbackUrl: (url) => model.sender.setTarget(url),
    async close() {
      model.sender.close();
      await server.close();
    },
  };
}
