import type { AdminReview, Locale, PublicReview, SellerReview, UserReview } from '@market/shared';
import type { ProductDoc } from '../products/products.facade.ts';
import { localized, productPath } from '../products/store-product.ts';
import type { ReviewDoc } from './reviews.repository.ts';

/** Names the views need beside the review: its product (by id hex) and seller (by id). */
export type ReviewNames = {
  products: Map<string, Pick<ProductDoc, 'name' | 'slug'>>;
  sellers: Map<string, string>;
};

const reply = (doc: ReviewDoc) =>
  doc.reply && { text: doc.reply.text, createdAt: doc.reply.createdAt.toISOString() };

/** The buyer's first name and the initial of the surname ("Maria R."); "Buyer" without a name. */
export function authorNameOf(user: { name: string; surname: string } | null): string {
  const first = user?.name.trim() ?? '';
  const initial = user?.surname.trim().charAt(0) ?? '';
  if (!first) return 'Buyer';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export function toUserReview(doc: ReviewDoc): UserReview {
  return {
    id: doc._id.toHexString(),
    orderId: doc.orderId.toHexString(),
    itemId: doc.itemId.toHexString(),
    productId: doc.productId.toHexString(),
    rating: doc.rating,
    text: doc.text,
    status: doc.status,
    reply: reply(doc),
    createdAt: doc.createdAt.toISOString(),
  };
}

export function toSellerReview(doc: ReviewDoc, names: ReviewNames): SellerReview {
  const product = names.products.get(doc.productId.toHexString());
  return {
    id: doc._id.toHexString(),
    productId: doc.productId.toHexString(),
    productName: product ? localized(product.name, 'en') : doc.productId.toHexString(),
    authorName: doc.authorName,
    rating: doc.rating,
    text: doc.text,
    reply: reply(doc),
    createdAt: doc.createdAt.toISOString(),
  };
}

export function toAdminReview(doc: ReviewDoc, names: ReviewNames): AdminReview {
  return {
    ...toSellerReview(doc, names),
    orderId: doc.orderId.toHexString(),
    itemId: doc.itemId.toHexString(),
    userId: doc.userId,
    sellerId: doc.sellerId,
    sellerName: names.sellers.get(doc.sellerId) ?? doc.sellerId,
    status: doc.status,
    hiddenReason: doc.hiddenReason,
    moderatedAt: doc.moderatedAt?.toISOString() ?? null,
  };
}

/** An approved review for the storefront; null when its product no longer exists. */
export function toPublicReview(
  doc: ReviewDoc,
  names: ReviewNames,
  locale: Locale,
): PublicReview | null {
  const id = doc.productId.toHexString();
  const product = names.products.get(id);
  if (!product) return null;
  return {
    id: doc._id.toHexString(),
    productId: id,
    productName: localized(product.name, locale),
    productUrl: productPath(locale, id, product.slug),
    sellerName: names.sellers.get(doc.sellerId) ?? doc.sellerId,
    rating: doc.rating,
    text: doc.text,
    authorName: doc.authorName,
    createdAt: doc.createdAt.toISOString(),
    reply: reply(doc),
  };
}
