import type { CartProduct, Currency } from '@market/shared';
import { browserLanguages, pickCurrency } from '../../lib/currency.ts';
import { checkRegion } from '../region/region-check.ts';
import { showToast } from '../toast/toast.ts';
import { addToCart, isSignedIn, setBuyNow } from './cart.store.ts';

/*
 * The product page's Add to cart and Buy now (AddToCartButtons.astro). The line is priced in the
 * visitor's display currency; a guest's goes to localStorage, a signed-in buyer's to the server,
 * which prices it again. Failure shows the spec's toast "error in add to cart" (section 8).
 */

function lineOf(offer: HTMLElement): CartProduct {
  const currency: Currency = pickCurrency(
    location.hash,
    document.cookie,
    browserLanguages(navigator),
  );
  return {
    productId: offer.dataset.product ?? '',
    sellerId: offer.dataset.seller ?? '',
    name: offer.dataset.name ?? '',
    quantity: 1,
    currency,
    price: Number(offer.dataset[currency] ?? 0) / 100,
    // Known to the server only: it sets the flag when it prices the line.
    isZeroVat: false,
  };
}

async function onClick(button: HTMLButtonElement, offer: HTMLElement): Promise<void> {
  const buyNow = button.dataset.cartAction === 'buy';
  button.disabled = true;
  // A key that does not activate in the buyer's country goes in only with their yes.
  const region = await checkRegion(offer);
  if (!region) {
    button.disabled = false;
    return;
  }
  const line = {
    ...lineOf(offer),
    ...(region.regionConfirmed && { regionConfirmed: region.regionConfirmed }),
  };
  const ok = await addToCart([line], { country: region.country });
  button.disabled = false;
  if (!ok) {
    showToast(offer.dataset.failed ?? 'error in add to cart', { kind: 'error' });
    return;
  }
  if (!buyNow) {
    showToast(offer.dataset.added ?? '');
    return;
  }
  setBuyNow(true);
  location.assign(
    isSignedIn() ? (offer.dataset.checkout ?? '/checkout') : (offer.dataset.login ?? '/login'),
  );
}

document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[data-cart-action]');
  const offer = button?.closest<HTMLElement>('[data-cart-offer]');
  if (button && offer && !button.disabled) void onClick(button, offer);
});
