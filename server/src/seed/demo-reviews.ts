import { createHash } from 'node:crypto';
import { ObjectId, type Db } from 'mongodb';
import type { Logger } from '../logger.ts';
import type { OfferDoc } from '../modules/offers/offers.repository.ts';
import { createReviewRepository, type ReviewDoc } from '../modules/reviews/reviews.repository.ts';
import { createSellerRepository } from '../modules/sellers/sellers.repository.ts';
import { DEMO_SELLERS } from './demo-catalogue.ts';

/**
 * Demo reviews on a few products of each demo seller: mostly approved (so the product pages,
 * `public/state` and the sellers' ratings show them), one pending per seller for the admin's
 * moderation queue, one hidden, and a seller reply. They were never bought: their order and line
 * ids are made up (no order has them), and their authors are not accounts.
 */

type DemoReview = {
  rating: number;
  text: string;
  author: string;
  status: ReviewDoc['status'];
  reply?: string;
};

/** Per seller, one review per product of its first products (by id), in this order. */
const DEMO_REVIEWS: DemoReview[][] = [
  [
    {
      rating: 5,
      text: 'Key arrived the second I paid and activated without a hitch.',
      author: 'Giulia M.',
      status: 'approved',
      reply: 'Thank you, Giulia! Enjoy the game.',
    },
    {
      rating: 4,
      text: 'Good price, fast delivery. Had to read the activation guide first.',
      author: 'Tom H.',
      status: 'approved',
    },
    {
      rating: 5,
      text: 'Third purchase from this shop, always instant.',
      author: 'Luca B.',
      status: 'pending',
    },
  ],
  [
    {
      rating: 4,
      text: 'Worked fine on my account, region was as described.',
      author: 'Erik S.',
      status: 'approved',
    },
    {
      rating: 3,
      text: 'The code worked, but the mail took a few minutes.',
      author: 'Anna K.',
      status: 'approved',
    },
    {
      rating: 1,
      text: 'Buy from my own shop instead!!! cheap-keys dot example',
      author: 'Spam Bot',
      status: 'hidden',
    },
    {
      rating: 5,
      text: 'Great gift card deal, redeemed straight away.',
      author: 'Marco R.',
      status: 'pending',
    },
  ],
  [
    {
      rating: 5,
      text: 'Smooth from checkout to activation.',
      author: 'Sara P.',
      status: 'approved',
    },
    {
      rating: 4,
      text: 'Cheapest offer I found and it just worked.',
      author: 'James W.',
      status: 'pending',
    },
  ],
];

/** A fixed ObjectId from a label: seeding again finds the same ids (the line id is unique). */
const fixedId = (label: string) =>
  new ObjectId(createHash('sha256').update(label).digest('hex').slice(0, 24));

/** Writes the demo reviews once (marker `demo-reviews-v1`) and the sellers' ratings from them. */
export async function seedDemoReviews(db: Db, log: Logger): Promise<void> {
  const meta = db.collection<{ _id: string; at: Date }>('meta');
  if (await meta.findOne({ _id: 'demo-reviews-v1' })) return;
  const reviews = createReviewRepository(db);
  const sellers = createSellerRepository(db);
  const offers = db.collection<OfferDoc>('offers');
  const now = Date.now();
  let written = 0;
  for (const [s, seller] of DEMO_SELLERS.entries()) {
    const planned = DEMO_REVIEWS[s] ?? [];
    const sold = await offers
      .find({ sellerId: seller.id, status: 'active', stock: { $gt: 0 } })
      .sort({ productId: 1 })
      .limit(planned.length)
      .toArray();
    for (const [i, offer] of sold.entries()) {
      const review = planned[i]!;
      const label = `demo-review:${seller.id}:${i}`;
      const createdAt = new Date(now - (s * 5 + i + 1) * 86_400_000);
      const moderated = review.status !== 'pending';
      await reviews
        .insert({
          _id: fixedId(`${label}:review`),
          orderId: fixedId(`${label}:order`),
          itemId: fixedId(`${label}:item`),
          productId: offer.productId,
          sellerId: seller.id,
          userId: `demo-reviewer-${s}-${i}`,
          authorName: review.author,
          rating: review.rating,
          text: review.text,
          status: review.status,
          hiddenReason: review.status === 'hidden' ? 'Advertising another shop' : null,
          createdAt,
          moderatedAt: moderated ? new Date(createdAt.getTime() + 3_600_000) : null,
          moderatedBy: moderated ? 'demo-admin' : null,
          reply: review.reply
            ? { text: review.reply, createdAt: new Date(createdAt.getTime() + 7_200_000) }
            : null,
        })
        .then(
          () => (written += 1),
          (err: unknown) => {
            // Written by a start that stopped before its marker: keep it.
            if ((err as { code?: number }).code !== 11000) throw err;
          },
        );
    }
    await sellers.setRating(seller.id, await reviews.sellerSummary(seller.id));
  }
  await meta.updateOne({ _id: 'demo-reviews-v1' }, { $set: { at: new Date() } }, { upsert: true });
  log.info({ written }, 'demo reviews seeded');
}
