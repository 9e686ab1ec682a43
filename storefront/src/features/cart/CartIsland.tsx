import {
  ATTRIBUTION_COOKIES,
  EU_STANDARD_VAT_RATES,
  lineKey,
  standardRateAt,
  summarize,
  toCents,
  vatTable,
  type CartProduct,
  type CartSummary,
  type Currency,
  type Locale,
} from '@market/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { $buyerCountry } from '../../lib/buyer-country.ts';
import { browserLanguages, formatCents, pickCurrency } from '../../lib/currency.ts';
import { regionConfirmedNote } from '../region/region-note.ts';
import { fetchCartSummary, fetchSales } from './cart-api.ts';
import { CouponForm, SummaryTotals } from './CartSummaryParts.tsx';
import { dropUnavailable } from './cart.ts';
import {
  $cart,
  changeQuantity,
  loadCart,
  removeLine,
  replaceGuestCart,
  resetCart,
} from './cart.store.ts';

export interface CartIslandProps {
  locale: Locale;
  t: Messages['cart'];
  paths: { home: string; checkout: string; loginToCheckout: string };
}

type Mode = 'loading' | 'failed' | 'guest' | 'user';

/** The discount code the landing URL left in its cookie (spec section 9), if any. */
function discountCodeCookie(): string {
  const name = ATTRIBUTION_COOKIES.discountCode.name;
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : '';
}

/**
 * A guest's summary, from the prices kept in the browser (no coupon: that needs sign-in), with
 * the VAT of the buyer's country as the checkout will bill it (docs/vat.md); unknown, the shop's.
 */
function guestSummary(
  products: readonly CartProduct[],
  currency: Currency,
  country: string | null,
): CartSummary {
  const lines = products.map((l) => ({
    unitCents: toCents(l.price),
    quantity: l.quantity,
    isZeroVat: l.isZeroVat,
    discountCents: 0,
  }));
  const rate = country ? standardRateAt(EU_STANDARD_VAT_RATES, country, new Date()) : null;
  const totals = summarize(lines, rate === null ? vatTable() : vatTable(rate));
  return {
    currency,
    lines: products.map((l, i) => ({
      productId: l.productId,
      sellerId: l.sellerId,
      name: l.name,
      quantity: l.quantity,
      unitCents: lines[i]!.unitCents,
      lineCents: totals.lines[i]!.lineCents,
      discountCents: 0,
      isZeroVat: l.isZeroVat,
      vatRateBps: totals.lines[i]!.vatRateBps,
      vatIncludedCents: totals.lines[i]!.vatIncludedCents,
      outOfStock: false,
    })),
    quantityTotal: totals.quantityTotal,
    subtotalCents: totals.subtotalCents,
    discountCents: 0,
    vatIncludedCents: totals.vatIncludedCents,
    totalCents: totals.totalCents,
    coupon: null,
  };
}

/**
 * A guest's lines against the catalogue (a public call): lines no longer on sale are dropped and
 * the others take today's price in `currency`. The names of the dropped lines.
 */
async function refreshGuest(currency: Currency, locale: Locale): Promise<string[]> {
  const { products } = $cart.get();
  if (!products.length) return [];
  try {
    const ids = [...new Set(products.map((l) => l.productId))];
    const onSale = new Map<string, number>();
    for (const product of await fetchSales(ids, currency, locale)) {
      for (const sale of product.sales) {
        if (!sale.inStock) continue;
        const key = lineKey({ productId: product.id, sellerId: sale.sellerId });
        onSale.set(key, sale.prices[currency] / 100);
      }
    }
    const lines = products.map((l) => ({ ...l, currency }));
    const result = dropUnavailable({ ...$cart.get(), products: lines }, onSale, new Date());
    replaceGuestCart(result.cart);
    return result.dropped.map((l) => l.name);
  } catch {
    return []; // the catalogue is unreachable: the cart shows as it was saved
  }
}

/**
 * The cart page, rendered in the browser: a guest's lines from localStorage (lines no longer on
 * sale are dropped, with a notice), a signed-in buyer's from the server (out-of-stock lines stay
 * at quantity 0, explained), the summary with the VAT included, and the way to checkout.
 */
export default function CartIsland({ locale, t, paths }: CartIslandProps) {
  const id = useId();
  const cart = useStore($cart);
  const buyerCountry = useStore($buyerCountry);
  const [mode, setMode] = useState<Mode>('loading');
  const [attempt, setAttempt] = useState(0);
  const [currency] = useState<Currency>(() =>
    pickCurrency(location.hash, document.cookie, browserLanguages(navigator)),
  );
  const [serverSummary, setServerSummary] = useState<CartSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dropped, setDropped] = useState<string[]>([]);
  const [couponInput, setCouponInput] = useState(discountCodeCookie);
  const [couponCode, setCouponCode] = useState<string | undefined>(
    () => discountCodeCookie() || undefined,
  );
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    loadCart().then(
      async (who) => {
        if (who === 'guest') {
          const names = await refreshGuest(currency, locale);
          if (current) setDropped(names);
        }
        if (current) setMode(who);
      },
      () => current && setMode('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt, currency, locale]);

  // A signed-in buyer's summary comes from the server (it prices and checks the coupon).
  useEffect(() => {
    if (mode !== 'user') return;
    let current = true;
    fetchCartSummary({
      products: cart.products.map(({ productId, sellerId, quantity }) => ({
        productId,
        sellerId,
        quantity,
        currency,
      })),
      currency,
      locale,
      ...(couponCode && { couponCode }),
      // The VAT inside the same prices is the buyer's country's, as the checkout bills it.
      ...(buyerCountry && { billingCountry: buyerCountry }),
    }).then(
      (result) => {
        if (!current) return;
        setServerSummary(result);
        setError(null);
      },
      () => current && setError(t.errors.summary),
    );
    return () => {
      current = false;
    };
  }, [mode, cart.products, currency, couponCode, locale, t, buyerCountry]);

  // A guest's is worked out here, from the prices kept in the browser.
  const guest = useMemo(
    () => (mode === 'guest' ? guestSummary(cart.products, currency, buyerCountry) : null),
    [mode, cart.products, currency, buyerCountry],
  );
  const summary = mode === 'guest' ? guest : serverSummary;

  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    try {
      await action();
      setError(null);
    } catch {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const applyCoupon = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCouponCode(couponInput.trim() || undefined);
  };

  if (mode === 'loading') return <p role="status">{t.loading}</p>;
  if (mode === 'failed') {
    return (
      <div role="alert">
        <p>{t.errors.fetch}</p>
        <button type="button" onClick={() => (setMode('loading'), setAttempt((n) => n + 1))}>
          {t.retry}
        </button>
      </div>
    );
  }

  const signedIn = mode === 'user';
  const money = (cents: number) => formatCents(cents, currency, locale);
  const summaryLine = (l: CartProduct) => summary?.lines.find((s) => lineKey(s) === lineKey(l));

  return (
    <div className="cart">
      {dropped.length > 0 && (
        <p className="notice" role="status">
          {interpolate(t.dropped, { names: dropped.join(', ') })}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {cart.products.length === 0 ? (
        <p>
          {t.empty} <a href={paths.home}>{t.explore}</a>
        </p>
      ) : (
        <>
          <table className="lines">
            <thead>
              <tr>
                <th scope="col">{t.product}</th>
                <th scope="col">{t.unitPrice}</th>
                <th scope="col">{t.quantity}</th>
                <th scope="col">{t.lineTotal}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.products.map((line) => {
                const priced = summaryLine(line);
                const name = priced?.name ?? line.name;
                const outOfStock = line.outOfStock || priced?.outOfStock;
                return (
                  <tr key={lineKey(line)} className={outOfStock ? 'out' : undefined}>
                    <td>
                      <span className="name">{name}</span>
                      {line.isZeroVat && <span className="tag">{t.zeroVat}</span>}
                      {line.regionConfirmed && (
                        <p className="region-confirmed">
                          {regionConfirmedNote(t.regionConfirmed, line.regionConfirmed, locale)}
                        </p>
                      )}
                      {outOfStock && <p className="why">{t.outOfStock}</p>}
                    </td>
                    <td data-label={t.unitPrice}>{priced ? money(priced.unitCents) : '—'}</td>
                    <td data-label={t.quantity}>
                      <input
                        type="number"
                        min={outOfStock ? 0 : 1}
                        max={99}
                        value={line.quantity}
                        disabled={busy || outOfStock}
                        aria-label={interpolate(t.quantityLabel, { name })}
                        onChange={(e) => {
                          const quantity = Math.min(
                            Math.max(Math.trunc(Number(e.target.value)) || 1, 1),
                            99,
                          );
                          void run(() => changeQuantity(line, quantity, signedIn), t.errors.update);
                        }}
                      />
                    </td>
                    <td data-label={t.lineTotal}>{priced ? money(priced.lineCents) : '—'}</td>
                    <td>
                      <button
                        type="button"
                        disabled={busy}
                        aria-label={interpolate(t.removeLabel, { name })}
                        onClick={() => void run(() => removeLine(line, signedIn), t.errors.update)}
                      >
                        {t.remove}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <button
            type="button"
            className="reset"
            disabled={busy}
            onClick={() => void run(() => resetCart(signedIn), t.errors.reset)}
          >
            {t.emptyCart}
          </button>

          <section className="summary" aria-labelledby={`${id}-summary`}>
            <h2 id={`${id}-summary`}>{t.summaryHeading}</h2>
            {signedIn ? (
              <CouponForm
                id={id}
                t={t}
                value={couponInput}
                onChange={setCouponInput}
                onSubmit={applyCoupon}
                coupon={summary?.coupon}
              />
            ) : (
              <p className="hint">{t.couponSignIn}</p>
            )}
            {summary && <SummaryTotals t={t} summary={summary} money={money} />}
            <a
              className="checkout"
              href={signedIn ? paths.checkout : paths.loginToCheckout}
              aria-disabled={!summary || summary.quantityTotal === 0}
            >
              {t.checkout}
            </a>
          </section>
        </>
      )}
    </div>
  );
}
