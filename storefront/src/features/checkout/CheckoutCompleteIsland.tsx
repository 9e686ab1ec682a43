import type { CartProduct, Locale, Order } from '@market/shared';
import { useEffect, useState } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { addToCart, loadCart } from '../cart/cart.store.ts';
import { loginPath } from '../auth/destination.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { getOrder } from '../orders/orders-api.ts';
import { orderPath } from '../orders/orders.ts';
import { completeCheckout } from './checkout-api.ts';
import { POLL_DELAYS_MS, outcomeOf, parseCompletion, type Outcome } from './completion.ts';
import './checkout.css';

export interface CheckoutCompleteIslandProps {
  locale: Locale;
  t: Messages['checkout']['complete'];
  paths: { account: string; cart: string };
}

type View =
  | { phase: 'checking' }
  | { phase: 'done'; order: Order; outcome: Outcome; restored: boolean; waitedOut: boolean }
  | { phase: 'failed'; notFound: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The outcomes whose lines go back into the cart (the checkout emptied it): try again later. */
const RESTORED: readonly Outcome[] = ['cancelled', 'declined'];

/**
 * Puts an unpaid order's lines back into the cart, once per order (the page may be reloaded or
 * opened twice). False when nothing was put back.
 */
async function restoreCart(order: Order): Promise<boolean> {
  const mark = `checkout-restored:${order.id}`;
  try {
    if (localStorage.getItem(mark)) return false;
    localStorage.setItem(mark, '1');
  } catch {
    return false; // no storage: no way to tell a reload, so add nothing twice
  }
  const lines: CartProduct[] = order.items.map((item) => ({
    productId: item.productId,
    sellerId: item.sellerId,
    quantity: item.quantity,
    price: item.unitPriceCents / 100,
    currency: order.currency,
    isZeroVat: item.zeroVat,
    name: item.name,
  }));
  return lines.length > 0 && (await addToCart(lines));
}

/**
 * The page the payment provider sends the buyer back to (`?order=<id>[&cancelled=1]`): settles
 * the payment once, then says what happened — keys ready, held for review, declined or cancelled
 * with the reason — and asks again a few times while the payment is still settling.
 */
export default function CheckoutCompleteIsland({ locale, t, paths }: CheckoutCompleteIslandProps) {
  const [query] = useState(() => parseCompletion(window.location.search));
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<View>({ phase: 'checking' });

  useEffect(() => {
    if (!query) return;
    let current = true;
    (async () => {
      let order = await completeCheckout(query.orderId, query.cancelled);
      let outcome = outcomeOf(order.status, query.cancelled);
      // Still settling (the provider has not confirmed yet): the webhook usually settles it soon.
      for (const delay of POLL_DELAYS_MS) {
        if (outcome !== 'pending' || !current) break;
        setView({ phase: 'done', order, outcome, restored: false, waitedOut: false });
        await sleep(delay);
        order = await getOrder(query.orderId);
        outcome = outcomeOf(order.status, query.cancelled);
      }
      const restored = RESTORED.includes(outcome) && (await restoreCart(order));
      // The checkout emptied the cart: the header's count follows the server's cart.
      if (!restored) await loadCart().catch(() => undefined);
      return { order, outcome, restored, waitedOut: outcome === 'pending' };
    })().then(
      (done) => current && setView({ phase: 'done', ...done }),
      (error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiCallError ? error.status : 0;
        if (status === 401) {
          const back = window.location.pathname + window.location.search;
          window.location.replace(loginPath(locale, back));
          return;
        }
        setView({ phase: 'failed', notFound: status === 404 });
      },
    );
    return () => {
      current = false;
    };
  }, [query, attempt, locale]);

  if (!query) {
    return (
      <div className="checkout-flow">
        <p role="alert">{t.badLink}</p>
        <a href={paths.account}>{t.toAccount}</a>
      </div>
    );
  }

  if (view.phase === 'checking') return <p role="status">{t.checking}</p>;

  if (view.phase === 'failed') {
    return (
      <div className="checkout-flow" role="alert">
        <p>{view.notFound ? t.notFound : t.failed}</p>
        {view.notFound ? (
          <a href={paths.account}>{t.toAccount}</a>
        ) : (
          <button
            type="button"
            onClick={() => (setView({ phase: 'checking' }), setAttempt((n) => n + 1))}
          >
            {t.retry}
          </button>
        )}
      </div>
    );
  }

  const { order, outcome, restored, waitedOut } = view;
  const number = { number: order.number };
  const message = {
    ready: t.ready,
    review: t.review,
    pending: waitedOut ? t.pendingLong : t.pending,
    declined: t.declined,
    declinedFraud: t.declinedFraud,
    declinedBusiness: t.declinedBusiness,
    cancelled: t.cancelled,
    expired: t.expired,
  }[outcome];
  const settling = outcome === 'pending' && !waitedOut;
  const good = outcome === 'ready' || outcome === 'review';

  return (
    <div className={`checkout-flow outcome ${outcome}`}>
      <p role={settling ? 'status' : good ? 'status' : 'alert'} className="result">
        {interpolate(message, number)}
      </p>
      {restored && <p className="hint">{t.cartRestored}</p>}
      {outcome === 'ready' && (
        <a className="primary-link" href={orderPath(locale, order.id)}>
          {interpolate(t.viewOrder, number)}
        </a>
      )}
      {(outcome === 'review' || waitedOut) && (
        <a href={orderPath(locale, order.id)}>{t.toAccount}</a>
      )}
      {!good && outcome !== 'pending' && <a href={paths.cart}>{t.toCart}</a>}
    </div>
  );
}
