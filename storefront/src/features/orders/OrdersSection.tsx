import type { Locale, Order, UserReview } from '@market/shared';
import type { User } from 'firebase/auth';
import { useCallback, useEffect, useId, useState } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { showToast } from '../toast/toast.ts';
import OrderCard from './OrderCard.tsx';
import { ApiCallError } from '../../lib/api-client.ts';
import { listOwnReviews } from '../reviews/reviews-api.ts';
import { reviewsByItem } from '../reviews/review-state.ts';
import { getOrder, listOrders } from './orders-api.ts';
import { appendPage, orderIdFromQuery, withOrder } from './orders.ts';
import './orders.css';

export interface OrdersSectionProps {
  locale: Locale;
  /** The signed-in Firebase user: the calls carry their ID token. */
  user: User;
  t: Messages['account']['orders'];
}

const PAGE_SIZE = 10;

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | {
      state: 'ready';
      orders: Order[];
      /** Rows read from the list so far (a deep-linked older order is not one of them). */
      fetched: number;
      total: number;
      missing: boolean;
    };

/**
 * The account page's orders, newest first, a page at a time. `/account?order=<id>` (the link of
 * the checkout's return page) opens that order and scrolls to it.
 */
export default function OrdersSection({ locale, user, t }: OrdersSectionProps) {
  const id = useId();
  const [linked] = useState(() => orderIdFromQuery(window.location.search));
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(linked ? [linked] : []));
  const [busy, setBusy] = useState(false);
  const idToken = useCallback(() => user.getIdToken(), [user]);
  const [reviews, setReviews] = useState<ReadonlyMap<string, UserReview>>(new Map());

  // The buyer's reviews, to show each reviewed line's status instead of the form; without them
  // the form still shows, and the API refuses a second review (409).
  useEffect(() => {
    let current = true;
    user
      .getIdToken()
      .then((token) => listOwnReviews(token))
      .then(
        (list) => current && setReviews(reviewsByItem(list)),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [user]);
  const reviewed = (review: UserReview) =>
    setReviews((was) => new Map(was).set(review.itemId, review));

  useEffect(() => {
    let current = true;
    (async () => {
      const token = await user.getIdToken();
      const page = await listOrders(0, PAGE_SIZE, token);
      const fetched = page.orders.length;
      if (!linked || page.orders.some((o) => o.id === linked)) {
        return { ...page, fetched, missing: false };
      }
      // The linked order is older than the first page: fetch it on its own.
      const order = await getOrder(linked, token).catch((error: unknown) => {
        if (error instanceof ApiCallError && error.status === 404) return null;
        throw error;
      });
      return { orders: withOrder(page.orders, order), fetched, total: page.total, missing: !order };
    })().then(
      (ready) => current && setLoad({ state: 'ready', ...ready }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [user, linked, attempt]);

  const more = async () => {
    if (load.state !== 'ready') return;
    setBusy(true);
    try {
      const page = await listOrders(load.fetched, PAGE_SIZE, await user.getIdToken());
      setLoad({
        ...load,
        orders: appendPage(load.orders, page.orders),
        fetched: load.fetched + page.orders.length,
        total: page.total,
      });
    } catch {
      showToast(t.loadFailed, { kind: 'error' }); // the orders shown so far stay
    } finally {
      setBusy(false);
    }
  };

  const toggle = (orderId: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(orderId)) next.add(orderId);
      return next;
    });

  return (
    <section className="orders" aria-labelledby={`${id}-orders`}>
      <h2 id={`${id}-orders`}>{t.heading}</h2>
      {load.state === 'loading' && <p role="status">{t.loading}</p>}
      {load.state === 'failed' && (
        <div role="alert">
          <p className="message error">{t.loadFailed}</p>
          <button
            type="button"
            onClick={() => (setLoad({ state: 'loading' }), setAttempt((n) => n + 1))}
          >
            {t.retry}
          </button>
        </div>
      )}
      {load.state === 'ready' && (
        <>
          {load.missing && (
            <p role="alert" className="message warning">
              {t.notFound}
            </p>
          )}
          {load.orders.length === 0 ? (
            <p>{t.empty}</p>
          ) : (
            <ul className="order-list">
              {load.orders.map((order) => (
                <OrderCard
                  key={order.id}
                  order={order}
                  locale={locale}
                  open={open.has(order.id)}
                  onToggle={() => toggle(order.id)}
                  focus={order.id === linked}
                  idToken={idToken}
                  reviews={reviews}
                  onReviewed={reviewed}
                  t={t}
                />
              ))}
            </ul>
          )}
          {load.fetched < load.total && (
            <button type="button" className="secondary" disabled={busy} onClick={() => void more()}>
              {t.more}
            </button>
          )}
        </>
      )}
    </section>
  );
}
