import type { ObjectId } from 'mongodb';
import type { Region } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { OfferRepository } from './offers.repository.ts';

/** How many offers the regions migration reads before it writes. */
const BATCH = 500;

/**
 * The regions migration: offers from before regions (issue 25) activate where their product does
 * (docs/regions.md), so each gets its product's region. An offer whose product is gone gets none
 * and is left as it is (nobody can buy it: the cart drops lines of unknown products).
 */
export async function giveOffersTheirProductsRegion(given: {
  offers: Pick<OfferRepository, 'withoutRegion' | 'setMissingRegion'>;
  products: Pick<ProductFacade, 'findByIds'>;
  log?: Logger;
}): Promise<boolean> {
  let updated = 0;
  let batch: { _id: ObjectId; productId: ObjectId }[] = [];
  const flush = async () => {
    const ids = [...new Map(batch.map((o) => [o.productId.toHexString(), o.productId])).values()];
    const regionOf = new Map(
      (await given.products.findByIds(ids)).map((p) => [p._id.toHexString(), p.region]),
    );
    const byRegion = new Map<Region, ObjectId[]>();
    for (const offer of batch) {
      const region = regionOf.get(offer.productId.toHexString());
      if (region) byRegion.set(region, [...(byRegion.get(region) ?? []), offer._id]);
    }
    for (const [region, offerIds] of byRegion) {
      const res = await given.offers.setMissingRegion(offerIds, region);
      updated += res.modifiedCount;
    }
    batch = [];
  };
  for await (const offer of given.offers.withoutRegion()) {
    batch.push(offer);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  given.log?.info({ offers: updated }, 'offers take their products’ regions');
  return true;
}
