import type { Claim, Locale, Order, UserReview } from '@market/shared';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { formatCents } from '../../lib/currency.ts';
import { regionConfirmedNote } from '../region/region-note.ts';
import ReviewForm from '../reviews/ReviewForm.tsx';
import { isReviewable } from '../reviews/review-state.ts';
import KeyClaim from './KeyClaim.tsx';
import KeyReveal from './KeyReveal.tsx';
import { listClaims, listInvoices } from './orders-api.ts';
import { isAccountItem } from './orders.ts';

// The conversations with the sellers: a chunk of its own, fetched when an order is opened.
const OrderChat = lazy(() => import('../chat/OrderChat.tsx'));

export interface OrderCardProps {
  order: Order;
  locale: Locale;
  open: boolean;
  onToggle: () => void;
  /** Scrolled to and focused once (the order a deep link named). */
  focus: boolean;
  idToken: () => Promise<string>;
  /** The buyer's reviews by order line. */
  reviews: ReadonlyMap<string, UserReview>;
  onReviewed: (review: UserReview) => void;
  t: Messages['account']['orders'];
}

/** One order: number, date, status and total; opened, its lines, refunds and keys. */
export default function OrderCard({
  order,
  locale,
  open,
  onToggle,
  focus,
  idToken,
  reviews,
  onReviewed,
  t,
}: OrderCardProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const money = (cents: number) => formatCents(cents, order.currency, locale);
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  // The order's claims (latest per key), loaded when an approved order is opened.
  const [claims, setClaims] = useState<ReadonlyMap<string, Claim>>(new Map());
  const onClaim = (claim: Claim) => setClaims((m) => new Map(m).set(claim.keyId, claim));
  useEffect(() => {
    if (!open || order.status !== 'approved') return;
    let live = true;
    idToken()
      .then((token) => listClaims(order.id, token))
      // Newest first: the first claim of a key is its latest.
      .then((rows) => {
        if (live) setClaims(new Map([...rows].reverse().map((c) => [c.keyId, c])));
      })
      // Without its claims the order still shows its keys; a report answers for itself.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, order.id, order.status, idToken]);

  // The credit notes of a refunded order, listed when it is opened (one per refund).
  const [creditNotes, setCreditNotes] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!open || order.refundedCents === 0) return;
    let live = true;
    idToken()
      .then((token) => listInvoices(order.id, token))
      .then((docs) => {
        if (live) setCreditNotes(docs.creditNotes);
      })
      // Without them the order still shows its refund; the invoice link stands on its own.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, order.id, order.refundedCents, idToken]);

  useEffect(() => {
    if (!focus) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [focus]);

  return (
    <li className={`order ${order.status}`}>
      <h3 id={`${id}-number`} ref={heading} tabIndex={-1}>
        {interpolate(t.number, { number: order.number })}
      </h3>
      <p className="hint">
        <time dateTime={order.createdAt}>
          {interpolate(t.placed, { date: formatDate(order.createdAt) })}
        </time>
      </p>
      <dl className="order-facts">
        <div>
          <dt>{t.status}</dt>
          <dd className="order-status">{t.statuses[order.status]}</dd>
        </div>
        <div>
          <dt>{t.total}</dt>
          <dd>{money(order.totals.total)}</dd>
        </div>
        {order.refundedCents > 0 && (
          <div>
            <dt>{t.refunded}</dt>
            <dd>{money(order.refundedCents)}</dd>
          </div>
        )}
      </dl>
      {/* A paid order's invoice: the session cookie signs the download in. */}
      {(order.status === 'approved' || order.status === 'charged_back') && (
        <p className="order-invoice">
          <a
            href={`/api/user/orders/${order.id}/invoice`}
            target="_blank"
            rel="noopener"
            aria-label={interpolate(t.invoiceLabel, { number: order.number })}
          >
            {t.invoice}
          </a>
          {creditNotes.map((number) => (
            <a
              key={number}
              href={`/api/user/orders/${order.id}/credit-notes/${number}`}
              target="_blank"
              rel="noopener"
            >
              {interpolate(t.creditNote, { number })}
            </a>
          ))}
        </p>
      )}
      <button
        type="button"
        className="secondary"
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={onToggle}
      >
        {open ? t.hideDetails : t.showDetails}
      </button>
      {open && (
        <div id={`${id}-details`} className="order-details">
          <ul className="order-lines">
            {order.items.map((item) => {
              const refunded = item.refundedCents;
              const account = isAccountItem(item);
              return (
                <li key={item.id}>
                  <p className="line-name">{item.name}</p>
                  <p className="hint">
                    {interpolate(t.quantity, { quantity: item.quantity })} ·{' '}
                    {interpolate(t.unitPrice, { amount: money(item.unitPriceCents) })} ·{' '}
                    {item.vatRateBps
                      ? interpolate(t.vatRate, {
                          rate: (item.vatRateBps / 100).toLocaleString(locale),
                        })
                      : t.noVat}
                  </p>
                  {item.regionConfirmed && (
                    <p className="region-confirmed">
                      {regionConfirmedNote(t.regionConfirmed, item.regionConfirmed, locale)}
                    </p>
                  )}
                  {refunded > 0 && (
                    <p className="refund">
                      {interpolate(t.lineRefunded, { amount: money(refunded) })}
                    </p>
                  )}
                  {order.status === 'approved' && item.keys.length > 0 && (
                    <ul
                      className="keys"
                      aria-label={interpolate(t.keysHeading, { name: item.name })}
                    >
                      {item.keys.map((key, i) => (
                        <KeyReveal
                          key={key.id}
                          orderId={order.id}
                          orderKey={key}
                          n={i + 1}
                          itemName={item.name}
                          account={account}
                          idToken={idToken}
                          formatDate={formatDate}
                          t={t}
                          replaced={claims.get(key.id)?.status === 'replaced'}
                          footer={
                            account
                              ? undefined
                              : (revealedAt) => (
                                  <KeyClaim
                                    orderId={order.id}
                                    orderKey={key}
                                    revealedAt={revealedAt}
                                    claim={claims.get(key.id)}
                                    onClaim={onClaim}
                                    names={{ n: i + 1, name: item.name }}
                                    formatDate={formatDate}
                                    idToken={idToken}
                                    t={t}
                                  />
                                )
                          }
                        />
                      ))}
                    </ul>
                  )}
                  {isReviewable(order, item) && (
                    <ReviewForm
                      orderId={order.id}
                      item={item}
                      review={reviews.get(item.id)}
                      onWritten={onReviewed}
                      idToken={idToken}
                      t={t.review}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {(order.status === 'pending' || order.status === 'review') && (
            <p className="hint">{t.keysPending}</p>
          )}
          <dl className="order-totals">
            {order.totals.discount > 0 && (
              <div>
                <dt>{interpolate(t.discount, { code: order.couponCode ?? '' })}</dt>
                <dd>−{money(order.totals.discount)}</dd>
              </div>
            )}
            <div>
              <dt>{t.vatIncluded}</dt>
              <dd>{money(order.totals.vat)}</dd>
            </div>
          </dl>
          <Suspense fallback={null}>
            <OrderChat orderId={order.id} locale={locale} idToken={idToken} t={t.chat} />
          </Suspense>
        </div>
      )}
    </li>
  );
}
