import {
  ATTRIBUTION_COOKIES,
  PAYMENT_PROVIDERS,
  type CartSummary,
  type CategoryId,
  type Currency,
  type Locale,
  type PaymentProvider,
} from '@market/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { $buyerCountry, countryOptions } from '../../lib/buyer-country.ts';
import { browserLanguages, formatCents, pickCurrency } from '../../lib/currency.ts';
import { fetchCartSummary } from '../cart/cart-api.ts';
import { CouponForm, SummaryTotals } from '../cart/CartSummaryParts.tsx';
import { $cart, loadCart, setBuyNow } from '../cart/cart.store.ts';
import { showToast } from '../toast/toast.ts';
import { categoriesOf, startCheckout } from './checkout-api.ts';
import { checkoutFailure, cookieValue, holdsAccountProduct } from './checkout.ts';
import './checkout.css';

export interface CheckoutIslandProps {
  locale: Locale;
  t: Messages['checkout'];
  /** The cart's texts: the summary's labels and the coupon's refusals are the same. */
  cartT: Messages['cart'];
  paths: { cart: string; home: string; login: string };
}

type Mode = 'loading' | 'failed' | 'ready';

/**
 * The checkout page, rendered in the browser for a signed-in buyer (a guest goes to sign in and
 * comes back): the server cart's summary with the VAT included, the discount code, PayPal or
 * card, the game-account confirmation when one is in the cart, and Pay, which places the order
 * and goes to the provider's page.
 */
export default function CheckoutIsland({ locale, t, cartT, paths }: CheckoutIslandProps) {
  const id = useId();
  const cart = useStore($cart);
  const [mode, setMode] = useState<Mode>('loading');
  const [attempt, setAttempt] = useState(0);
  const [currency] = useState<Currency>(() =>
    pickCurrency(location.hash, document.cookie, browserLanguages(navigator)),
  );
  const [couponInput, setCouponInput] = useState(() =>
    cookieValue(document.cookie, ATTRIBUTION_COOKIES.discountCode.name),
  );
  const [couponCode, setCouponCode] = useState(couponInput.trim());
  const [summary, setSummary] = useState<CartSummary | null>(null);
  const [categories, setCategories] = useState<ReadonlyMap<string, CategoryId>>(new Map());
  const [provider, setProvider] = useState<PaymentProvider>('paypal');
  // The billing country (docs/vat.md): the buyer's country until they pick another here; the
  // VAT inside the (same) gross price is its rate. Unknown and not picked: the shop's own.
  const buyerCountry = useStore($buyerCountry);
  const [picked, setPicked] = useState<string | null>(null);
  const billingCountry = picked ?? buyerCountry ?? '';
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const [confirmed, setConfirmed] = useState(false);
  // The server asked for the confirmation even if the catalogue call did not say "account".
  const [confirmAsked, setConfirmAsked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // The total the Pay button showed when the checkout answered that it moved: the summary is
  // asked again and both figures are shown until the buyer pays (never a silent difference).
  const [changedFrom, setChangedFrom] = useState<number | null>(null);
  const [summaryAsked, setSummaryAsked] = useState(0);

  const login = paths.login;
  const signIn = () => window.location.replace(login);

  useEffect(() => {
    let current = true;
    loadCart().then(
      (who) => {
        if (!current) return;
        if (who === 'guest') window.location.replace(login);
        else setMode('ready');
      },
      () => current && setMode('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt, login]);

  useEffect(() => {
    if (mode !== 'ready') return;
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
      ...(billingCountry && { billingCountry }),
    }).then(
      (result) => {
        if (!current) return;
        setSummary(result);
        setError(null);
      },
      (failure: unknown) => {
        if (!current) return;
        if (failure instanceof ApiCallError && failure.status === 401) {
          window.location.replace(login);
        } else setError(cartT.errors.summary);
      },
    );
    return () => {
      current = false;
    };
  }, [
    mode,
    cart.products,
    currency,
    couponCode,
    locale,
    cartT,
    login,
    summaryAsked,
    billingCountry,
  ]);

  // Which lines are game accounts (their purchase needs the buyer's confirmation).
  const productKey = [...new Set(cart.products.map((l) => l.productId))].sort().join(',');
  useEffect(() => {
    if (!productKey) return;
    let current = true;
    categoriesOf(productKey.split(','), locale).then(
      (found) => current && setCategories(found),
      // Unknown: the server asks for the confirmation itself (409) and the box appears then.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [productKey, locale]);

  const applyCoupon = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCouponCode(couponInput.trim());
  };

  const needsConfirm = confirmAsked || holdsAccountProduct(cart.products, categories);
  const payable = !!summary && summary.quantityTotal > 0;

  const pay = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!summary || paying) return;
    setPaying(true);
    setError(null);
    try {
      const { approvalUrl } = await startCheckout({
        provider,
        currency,
        locale,
        // Only a code the summary accepted: a refused one would refuse the whole checkout.
        ...(summary.coupon?.valid && { couponCode: summary.coupon.code }),
        ...(needsConfirm && { confirmations: { purchaseAccountProduct: confirmed } }),
        // What the Pay button said: the server refuses to place an order that costs otherwise.
        expectedTotalCents: summary.totalCents,
        ...(billingCountry && { billingCountry }),
      });
      setBuyNow(false);
      window.location.assign(approvalUrl);
      return; // the page stays "paying" until the provider's page loads
    } catch (failure) {
      const status = failure instanceof ApiCallError ? failure.status : 0;
      const errors = failure instanceof ApiCallError ? failure.errors : {};
      switch (checkoutFailure(status, errors)) {
        case 'signIn':
          return signIn();
        case 'outOfStock':
          // The server cart now holds the line at quantity 0; the cart page says why.
          return window.location.assign(paths.cart);
        case 'confirmAccount':
          setConfirmAsked(true);
          setError(t.accountConfirmRequired);
          break;
        case 'coupon':
          setCouponCode(''); // the summary shows the full price again
          setError(cartT.errors.coupon);
          break;
        case 'totalChanged':
          // Nothing was placed: the new summary replaces the old one before Pay is offered again.
          // The cart is read again too: a page whose cart is stale (changed in another tab) would
          // otherwise show the same old total and be refused again.
          setChangedFrom(summary.totalCents);
          setSummary(null);
          setAttempt((n) => n + 1);
          setSummaryAsked((n) => n + 1);
          break;
        case 'emptyCart':
          setError(t.errors.emptyCart);
          setAttempt((n) => n + 1);
          break;
        case 'paymentUnavailable':
          showToast(t.errors.paymentUnavailable, { kind: 'error' });
          break;
        case 'failed':
          showToast(t.errors.failed, { kind: 'error' });
          break;
      }
      setPaying(false);
    }
  };

  if (mode === 'loading') return <p role="status">{t.loading}</p>;
  if (mode === 'failed') {
    return (
      <div role="alert">
        <p>{cartT.errors.fetch}</p>
        <button type="button" onClick={() => (setMode('loading'), setAttempt((n) => n + 1))}>
          {cartT.retry}
        </button>
      </div>
    );
  }

  if (cart.products.length === 0) {
    return (
      <div className="checkout-flow">
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <p>
          {t.empty} <a href={paths.home}>{t.explore}</a>
        </p>
      </div>
    );
  }

  const money = (cents: number) => formatCents(cents, currency, locale);
  const moved = changedFrom !== null && summary && summary.totalCents !== changedFrom;
  return (
    <div className="checkout-flow">
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {moved && (
        <p role="alert" className="error total-changed">
          {interpolate(t.totalChanged, {
            before: money(changedFrom),
            after: money(summary.totalCents),
          })}
        </p>
      )}
      <section aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`}>{t.itemsHeading}</h2>
        <ul className="lines">
          {(summary?.lines ?? []).map((line) => (
            <li key={`${line.productId}:${line.sellerId}`} className={line.outOfStock ? 'out' : ''}>
              <span className="name">
                {interpolate(t.line, { quantity: line.quantity, name: line.name })}
              </span>
              <span className="price">{money(line.lineCents)}</span>
              {line.outOfStock && <p className="why">{t.lineOutOfStock}</p>}
            </li>
          ))}
        </ul>
        {!summary && !error && <p role="status">{t.loading}</p>}
      </section>

      <CouponForm
        id={id}
        t={cartT}
        value={couponInput}
        onChange={setCouponInput}
        onSubmit={applyCoupon}
        coupon={summary?.coupon}
      />

      {summary && <SummaryTotals t={cartT} summary={summary} money={money} className="totals" />}

      <form className="pay" onSubmit={(event) => void pay(event)}>
        <label className="billing-country">
          {t.billingCountry}
          <select
            name="billingCountry"
            value={billingCountry}
            aria-describedby={`${id}-billing-help`}
            onChange={(e) => setPicked(e.target.value)}
          >
            {!billingCountry && <option value="">{t.billingCountryNone}</option>}
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <p id={`${id}-billing-help`} className="hint">
          {t.billingCountryHelp}
        </p>
        <fieldset>
          <legend>{t.paymentHeading}</legend>
          {PAYMENT_PROVIDERS.map((choice) => (
            <label key={choice} className="choice">
              <input
                type="radio"
                name="provider"
                value={choice}
                checked={provider === choice}
                onChange={() => setProvider(choice)}
              />
              {choice === 'paypal' ? t.paypal : t.card}
            </label>
          ))}
        </fieldset>
        {needsConfirm && (
          <label className="choice confirm">
            <input
              type="checkbox"
              required
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
            />
            {t.accountConfirm}
          </label>
        )}
        <button
          type="submit"
          className="primary"
          disabled={!payable || paying || (needsConfirm && !confirmed)}
        >
          {paying
            ? t.paying
            : interpolate(t.pay, { total: summary ? money(summary.totalCents) : '' })}
        </button>
      </form>
      <a href={paths.cart}>{t.backToCart}</a>
    </div>
  );
}
