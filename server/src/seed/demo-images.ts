import type { Db } from 'mongodb';
import { OWN_PLATFORM, PLATFORMS } from '@market/shared';
import type { Logger } from '../logger.ts';
import { createImageRepository } from '../modules/images/images.repository.ts';
import { imageIdOf, productImageOf } from '../modules/images/images.service.ts';
import { createProductRepository } from '../modules/products/products.repository.ts';
import { widthsFor } from '../modules/images/image-render.ts';
import { demoCatalogue } from './demo-catalogue.ts';

/**
 * Pictures for the demo catalogue, drawn here (no network): an SVG per product with its name,
 * its platform's colours and a pattern of its category. Only the drawing is stored at seed (a
 * few hundred bytes; about 1.5 s once for the 310 demo products on the embedded engine, where
 * rendering their four widths would take minutes); each width is rendered from it the
 * first time a browser asks for it (`ImageService.variant`), so seeding stays fast.
 */

const MARKER = 'demo-images-v1';

/** The drawing's size: 4:3, as wide as the largest width served. */
const WIDTH = 1280;
const HEIGHT = 960;

/** Two colours per platform family (a gradient), by slug prefix; others get a hue of their own. */
const PLATFORM_COLOURS: ReadonlyArray<[prefix: string, from: string, to: string]> = [
  ['steam', '#171a21', '#2a475e'],
  ['ps', '#00246b', '#0070d1'],
  ['xbox', '#0b3d0b', '#107c10'],
  ['windows-10-xbox', '#0b3d0b', '#107c10'],
  ['windows', '#003e6b', '#0078d4'],
  ['nintendo', '#8c000b', '#e60012'],
  ['epic', '#121212', '#3a3a3a'],
  ['ea-app', '#7a1020', '#ff4747'],
  ['gog', '#3b0f40', '#86328a'],
  ['ubisoft', '#001f4d', '#0070ff'],
  ['rockstar', '#3d2a00', '#b07a00'],
  ['marketplace', '#2e1065', '#6d28d9'],
];

function coloursOf(platform: string): [string, string] {
  const known = PLATFORM_COLOURS.find(([prefix]) => platform.startsWith(prefix));
  if (known) return [known[1], known[2]];
  let hue = 0;
  for (const ch of platform) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  return [`hsl(${hue} 60% 18%)`, `hsl(${hue} 55% 38%)`];
}

/** The category's pattern, drawn in white at low opacity over the gradient. */
const PATTERNS: Record<string, string> = {
  games: '<rect width="28" height="64" fill="#fff"/>',
  softwares: '<circle cx="32" cy="32" r="10" fill="#fff"/>',
  cards: '<path d="M0 0H64V6H6V64H0Z" fill="#fff"/>',
  accounts: '<path d="M32 8 56 32 32 56 8 32Z" fill="#fff"/>',
};

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The name on at most three lines of about 18 characters, cut at spaces. */
function lines(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = out.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= 18)
      out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.length > 3 ? [...out.slice(0, 2), `${out.slice(2).join(' ').slice(0, 17)}…`] : out;
}

/** A product's demo picture as SVG. */
export function demoPictureSvg(p: {
  name: string;
  platform: string;
  region: string;
  categoryId: string;
}): string {
  const [from, to] = coloursOf(p.platform);
  const platformName = PLATFORMS.find((x) => x.slug === p.platform)?.name ?? p.platform;
  const caption = `${platformName === OWN_PLATFORM ? 'Gift card' : platformName} · ${p.region}`;
  const title = lines(p.name);
  const top = HEIGHT / 2 - ((title.length - 1) * 110) / 2;
  const text = title
    .map((line, i) => `<text x="80" y="${top + i * 110}">${escapeXml(line)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<pattern id="p" width="64" height="64" patternUnits="userSpaceOnUse" patternTransform="rotate(30)">${PATTERNS[p.categoryId] ?? PATTERNS.games}</pattern></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#p)" opacity="0.08"/>` +
    `<g font-family="sans-serif" font-size="96" font-weight="700" fill="#fff">${text}</g>` +
    `<text x="80" y="${top + title.length * 110 + 10}" font-family="sans-serif" font-size="48" fill="#fff" fill-opacity="0.8">${escapeXml(caption)}</text>` +
    `</svg>`
  );
}

/**
 * Gives every demo product without an image its drawn picture, once (products that have images,
 * an admin's, are left alone; a drawing is stored once by its content).
 */
export async function seedDemoImages(db: Db, log: Logger): Promise<void> {
  // Once per database (its own marker, so older demo data gets pictures too): a demo product an
  // admin later leaves without pictures stays so across restarts.
  const meta = db.collection<{ _id: string; at: Date }>('meta');
  if (await meta.findOne({ _id: MARKER })) return;
  const started = Date.now();
  const products = createProductRepository(db);
  const bare = await products.withoutImages(demoCatalogue().map((p) => p.slug));
  const drawn = bare.map((doc) => {
    const bytes = Buffer.from(demoPictureSvg({ ...doc, name: doc.name.en }));
    const asset = { id: imageIdOf(bytes), width: WIDTH, height: HEIGHT, widths: widthsFor(WIDTH) };
    return { doc, bytes, asset };
  });
  await createImageRepository(db).putOriginals(
    drawn.map(({ bytes, asset }) => ({
      _id: asset.id,
      contentType: 'image/svg+xml',
      width: WIDTH,
      height: HEIGHT,
      widths: asset.widths,
      bytes,
    })),
  );
  const set = await products.setImagesWhereEmpty(
    drawn.map(({ doc, asset }) => ({
      id: doc._id,
      images: [productImageOf(asset, { shape: 'rounding', size: 'large' })],
    })),
  );
  await meta.updateOne({ _id: MARKER }, { $set: { at: new Date() } }, { upsert: true });
  log.info({ products: set, ms: Date.now() - started }, 'demo pictures drawn');
}
