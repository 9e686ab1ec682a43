import { OWN_PLATFORM, PLATFORMS, type Currency, type SupplierId } from '@market/shared';
import { demoCatalogue, seededRandom } from '../../seed/demo-catalogue.ts';

/** One product a supplier sandbox sells, in the sandbox's own neutral terms. */
export type SandboxProduct = {
  sku: string;
  name: string;
  /** As this supplier spells it (`Steam`, `PSN`, `Uplay`…). */
  platform: string | null;
  /** As this supplier spells them (`WORLDWIDE`, `EU`…). */
  regions: string[];
  quantity: number;
  /** Cost of one unit, integer cents in `currency`. */
  priceCents: number;
  currency: Currency;
  imageUrl: string | null;
  /** Not released yet: purchases are pre-orders whose codes arrive later. */
  preOrder: boolean;
  /** Withdrawn from the price list (CodesWholesale `PRODUCT_HIDDEN`). */
  hidden: boolean;
};

/** How each supplier spells the demo catalogue's platforms (the rest pass through). */
const PLATFORM_SPELLINGS: Record<SupplierId, Record<string, string>> = {
  codeswholesale: { PS4: 'PSN', PS5: 'PSN', 'Ubisoft Connect': 'Uplay', 'EA App': 'Origin' },
  prepaidforge: { PS4: 'PlayStation', PS5: 'PlayStation' },
  wock: { 'Ubisoft Connect': 'Ubisoft', 'Epic Games': 'Epic' },
  buygamesguru: { 'Nintendo Switch': 'Nintendo', 'XBOX One': 'Xbox', 'XBOX Series': 'Xbox' },
};

/** The spec's two regions as suppliers spell them. */
const REGION_SPELLINGS: Record<string, string> = { Global: 'WORLDWIDE', ROW: 'ROW' };

/** What each supplier mostly sells: PrepaidForge prepaid cards, the others game keys. */
const SELLS: Record<SupplierId, (type: string) => boolean> = {
  prepaidforge: (type) => type === 'giftcard' || type === 'software',
  codeswholesale: (type) => type === 'key',
  wock: (type) => type === 'key' || type === 'software',
  buygamesguru: (type) => type === 'key',
};

const SEEDS: Record<SupplierId, number> = {
  prepaidforge: 11,
  codeswholesale: 23,
  wock: 37,
  buygamesguru: 41,
};

const EXTRA_TITLES = [
  'Starfall Odyssey',
  'Iron Tide',
  'Neon Drift',
  'Hollow Crown',
  'Skyforge Tactics',
  'Ember Valley',
  'Quantum Heist',
  'Frostbound',
  'Silent Meridian',
  'Pixel Legion',
];
const EXTRA_EDITIONS = ['', ' Deluxe Edition', ' Gold Edition', ' Season Pass', ' GOTY'];

/**
 * A supplier sandbox's catalogue, the same on every machine: the part of the demo catalogue this
 * supplier would sell (so mapping suggestions find real matches), spelt the supplier's way,
 * then invented products up to `count`. About one product in twelve is out of stock and one in
 * twenty is a pre-order.
 */
export function seedSandboxCatalogue(
  supplier: SupplierId,
  count = 300,
  currency: Currency = 'eur',
): SandboxProduct[] {
  const rand = seededRandom(SEEDS[supplier]);
  const spell = PLATFORM_SPELLINGS[supplier];
  const products: SandboxProduct[] = [];
  const add = (name: string, platform: string | null, region: string, basePrice: number) => {
    const n = products.length;
    products.push({
      sku: `${supplier.slice(0, 3).toUpperCase()}-${String(n + 1).padStart(5, '0')}`,
      name,
      platform: platform === null ? null : (spell[platform] ?? platform),
      regions: [REGION_SPELLINGS[region] ?? region.toUpperCase()],
      quantity: rand() < 0.08 ? 0 : 5 + Math.floor(rand() * 400),
      // Suppliers sell below the marketplace's typical price: that is the seller's margin.
      priceCents: Math.max(99, Math.round(basePrice * (0.55 + rand() * 0.25))),
      currency,
      imageUrl: null,
      preOrder: rand() < 0.05,
      hidden: false,
    });
  };
  for (const p of demoCatalogue()) {
    if (products.length >= count) break;
    if (!SELLS[supplier](p.type)) continue;
    const platform = PLATFORMS.find((pl) => pl.slug === p.platform)?.name ?? p.platform;
    add(p.name.en, platform === OWN_PLATFORM ? null : platform, p.region, p.basePrice);
  }
  for (let i = 0; products.length < count; i++) {
    const title = EXTRA_TITLES[i % EXTRA_TITLES.length]!;
    const sequel = Math.floor(i / EXTRA_TITLES.length) + 1;
    const edition = EXTRA_EDITIONS[Math.floor(rand() * EXTRA_EDITIONS.length)]!;
    const platform = ['Steam', 'PS5', 'XBOX Series', 'Nintendo Switch'][i % 4]!;
    add(`${title} ${sequel}${edition}`, platform, i % 5 === 0 ? 'ROW' : 'Global', 1999);
  }
  return products;
}
