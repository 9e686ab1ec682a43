import type { CategoryId, Currency, Locale, ProductType, Region } from '@market/shared';

/** A product of the demo catalogue, before it has ids. */
export type DemoProduct = {
  slug: string;
  categoryId: CategoryId;
  type: ProductType;
  brand: string;
  platform: string;
  region: Region;
  name: Record<Locale, string>;
  description: Record<Locale, string>;
  tags: string[];
  /** Typical price in EUR cents, around which sellers price their offers. */
  basePrice: number;
  denomination?: { amount: number; currency: Currency };
};

/** mulberry32: a tiny seeded PRNG, so the demo catalogue is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const ADJECTIVES = [
  'Iron',
  'Crimson',
  'Silent',
  'Astral',
  'Hollow',
  'Neon',
  'Frozen',
  'Golden',
  'Savage',
  'Hidden',
  'Eternal',
  'Broken',
  'Shadow',
  'Solar',
  'Wild',
  'Lost',
  'Rogue',
  'Ancient',
  'Electric',
  'Emerald',
];
const NOUNS = [
  'Frontier',
  'Legends',
  'Odyssey',
  'Kingdom',
  'Protocol',
  'Harvest',
  'Horizon',
  'Dynasty',
  'Outpost',
  'Tactics',
  'Racers',
  'Chronicles',
  'Siege',
  'Drift',
  'Arena',
];
const GAME_GENRES = ['action', 'rpg', 'strategy', 'racing', 'indie', 'shooter', 'adventure'];
const PUBLISHERS = ['Northwind Games', 'Bluepeak Studios', 'Copperfox', 'Lumen Interactive'];
const GAME_PLATFORMS = [
  'steam',
  'steam',
  'steam',
  'epic-games',
  'gog',
  'ea-app',
  'ubisoft-connect',
  'rockstar',
  'ps4',
  'ps5',
  'xbox-one',
  'xbox-series',
  'xbox-one-xbox-series-xs',
  'nintendo-switch',
  'ps-vita',
  'ps3',
  'xbox-360',
  'mog-station',
  'ncsoft',
];

function games(rand: () => number): DemoProduct[] {
  const out: DemoProduct[] = [];
  for (const [i, adjective] of ADJECTIVES.entries()) {
    for (const [j, noun] of NOUNS.entries()) {
      if ((i + j) % 2) continue; // 150 of the 300 combinations
      const title = `${adjective} ${noun}`;
      const platform = GAME_PLATFORMS[(i * 7 + j * 3) % GAME_PLATFORMS.length]!;
      const genre = GAME_GENRES[(i + j) % GAME_GENRES.length]!;
      out.push({
        slug: slugify(`${title} ${platform}`),
        categoryId: 'games',
        type: 'key',
        brand: PUBLISHERS[(i + 2 * j) % PUBLISHERS.length]!,
        platform,
        region: rand() < 0.75 ? 'Global' : 'ROW',
        name: { en: title, it: title },
        description: {
          en: `${title} is a ${genre} game. Digital key, delivered instantly.`,
          it: `${title} è un gioco ${genre}. Chiave digitale, consegna immediata.`,
        },
        tags: [genre, ...(rand() < 0.2 ? ['bestseller'] : [])],
        basePrice: 499 + Math.floor(rand() * 60) * 100,
      });
    }
  }
  return out;
}

const SOFTWARE = [
  { title: 'Office Suite', brand: 'Brightdesk', it: 'Suite per ufficio' },
  { title: 'Antivirus Pro', brand: 'Shieldline', it: 'Antivirus Pro' },
  { title: 'Photo Studio', brand: 'Pixelcraft', it: 'Studio fotografico' },
  { title: 'VPN Unlimited', brand: 'Tunnelbyte', it: 'VPN illimitata' },
  { title: 'Video Editor', brand: 'Pixelcraft', it: 'Editor video' },
  { title: 'Backup Manager', brand: 'Shieldline', it: 'Gestore backup' },
  { title: 'Operating System Pro', brand: 'Brightdesk', it: 'Sistema operativo Pro' },
  { title: 'PDF Toolkit', brand: 'Brightdesk', it: 'Strumenti PDF' },
  { title: 'Password Vault', brand: 'Tunnelbyte', it: 'Cassaforte password' },
  { title: 'Music Producer', brand: 'Pixelcraft', it: 'Produttore musicale' },
];
const EDITIONS = [
  { en: '1 device, 1 year', it: '1 dispositivo, 1 anno' },
  { en: '3 devices, 1 year', it: '3 dispositivi, 1 anno' },
  { en: '5 devices, 2 years', it: '5 dispositivi, 2 anni' },
  { en: 'Lifetime licence', it: 'Licenza a vita' },
  { en: 'Business edition', it: 'Edizione business' },
];

function softwares(rand: () => number): DemoProduct[] {
  return SOFTWARE.flatMap((s) =>
    EDITIONS.map((e) => ({
      slug: slugify(`${s.title} ${e.en}`),
      categoryId: 'softwares' as const,
      type: 'software' as const,
      brand: s.brand,
      platform: 'windows-10',
      region: 'Global' as const,
      name: { en: `${s.title} – ${e.en}`, it: `${s.it} – ${e.it}` },
      description: {
        en: `${s.title} by ${s.brand}: software licence key (${e.en}).`,
        it: `${s.it} di ${s.brand}: chiave di licenza software (${e.it}).`,
      },
      tags: ['software'],
      basePrice: 1499 + Math.floor(rand() * 20) * 500,
    })),
  );
}

const CARD_BRANDS = [
  { brand: 'Steam Wallet', platform: 'steam' },
  { brand: 'PlayStation Store', platform: 'ps5' },
  { brand: 'Xbox Gift Card', platform: 'xbox-series' },
  { brand: 'Nintendo eShop', platform: 'nintendo-switch' },
  { brand: 'Marketplace Gift Card', platform: 'marketplace' },
];
const CARD_VALUES = [5, 10, 15, 20, 25, 50, 75, 100];
const CARD_CURRENCIES: Currency[] = ['eur', 'usd', 'gbp'];

function cards(): DemoProduct[] {
  const out: DemoProduct[] = [];
  for (const { brand, platform } of CARD_BRANDS) {
    for (const value of CARD_VALUES) {
      for (const currency of CARD_CURRENCIES) {
        if (currency !== 'eur' && value % 25) continue;
        const label = `${brand} ${value} ${currency.toUpperCase()}`;
        out.push({
          slug: slugify(label),
          categoryId: 'cards',
          type: 'giftcard',
          brand,
          platform,
          region: currency === 'eur' ? 'Global' : 'ROW',
          name: { en: label, it: label },
          description: {
            en: `${label} gift card code, delivered instantly.`,
            it: `Codice carta regalo ${label}, consegna immediata.`,
          },
          tags: ['gift-card'],
          basePrice: Math.round(value * 100 * 0.97),
          denomination: { amount: value * 100, currency },
        });
      }
    }
  }
  return out;
}

function accounts(rand: () => number): DemoProduct[] {
  const out: DemoProduct[] = [];
  for (const noun of NOUNS.slice(0, 10)) {
    for (const tier of ['Starter', 'Veteran', 'Legend']) {
      const title = `${noun} Online ${tier} account`;
      out.push({
        slug: slugify(title),
        categoryId: 'accounts',
        type: 'account',
        brand: PUBLISHERS[out.length % PUBLISHERS.length]!,
        platform: out.length % 2 ? 'steam' : 'epic-games',
        region: 'Global',
        name: { en: title, it: `Account ${noun} Online ${tier}` },
        description: {
          en: `A ready-to-play ${tier.toLowerCase()} account for ${noun} Online.`,
          it: `Un account ${tier.toLowerCase()} pronto all'uso per ${noun} Online.`,
        },
        tags: ['account'],
        basePrice: 999 + Math.floor(rand() * 40) * 250,
      });
    }
  }
  return out;
}

/** The demo catalogue: about 320 products over the four categories. Deterministic. */
export function demoCatalogue(): DemoProduct[] {
  const rand = seededRandom(42);
  return [...games(rand), ...softwares(rand), ...cards(), ...accounts(rand)];
}

/** Demo sellers; the first is run by the demo seller account. */
export const DEMO_SELLERS = [
  {
    id: 'pixel-keys',
    name: 'Pixel Keys',
    registrationName: 'Pixel Keys S.r.l.',
    vatNumber: 'IT01234567890',
    email: 'seller@example.com',
  },
  {
    id: 'nordic-codes',
    name: 'Nordic Codes',
    registrationName: 'Nordic Codes AB',
    vatNumber: 'SE556677889901',
    email: 'sales@nordic-codes.example',
  },
  {
    id: 'lucky-loot',
    name: 'Lucky Loot',
    registrationName: 'Lucky Loot Ltd',
    vatNumber: 'IE9876543W',
    email: 'hello@lucky-loot.example',
  },
] as const;

/** The three demo accounts printed on start (and listed in the README). */
export const DEMO_PASSWORD = 'demopass';
export const DEMO_ACCOUNTS = [
  {
    uid: 'demo-admin',
    email: 'admin@example.com',
    role: 'admin',
    name: 'Ada',
    surname: 'Admin',
    sellerId: null,
  },
  {
    uid: 'demo-seller',
    email: 'seller@example.com',
    role: 'seller',
    name: 'Sam',
    surname: 'Seller',
    sellerId: 'pixel-keys',
  },
  {
    uid: 'demo-buyer',
    email: 'buyer@example.com',
    role: 'user',
    name: 'Bea',
    surname: 'Buyer',
    sellerId: null,
  },
] as const;

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A demo key `XXXX-XXXX-XXXX-XXXX`, drawn from the seeded PRNG so re-seeding finds it again. */
export function demoKeyCode(rand: () => number): string {
  const group = () =>
    Array.from({ length: 4 }, () => KEY_ALPHABET[Math.floor(rand() * KEY_ALPHABET.length)]).join(
      '',
    );
  return [group(), group(), group(), group()].join('-');
}
