import { expect, test } from '@playwright/test';

// Issue 25, part 3: the prior price (Omnibus, directive 98/6/EC art. 6a). The demo data holds
// 90 days of prices, a third of the products reduced a week ago: their pages draw the history
// and strike through the lowest price of the 30 days before the reduction, no other figure.

type Ref = { eur: number | null; usd: number | null; gbp: number | null };
type Card = { id: string; url: string; name: string; referenceCents?: Ref };
type Sales = { id: string; sales: { prices: { eur: number }; referenceCents?: Ref }[] };

const euros = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);

test('a reduced demo product draws its price history and strikes through the 30-day lowest', async ({
  page,
  request,
}) => {
  // A reduced product whose best-ranked offer is its cheapest: the buy box sells at the price
  // the history follows (the product's lowest).
  const search = await request.post('/api/public/products/search', {
    data: { locale: 'en', pageSize: 60, sort: 'price_asc' },
  });
  expect(search.ok()).toBe(true);
  const reduced = ((await search.json()) as { items: Card[] }).items.filter(
    (p) => p.referenceCents?.eur != null,
  );
  expect(reduced.length).toBeGreaterThan(0);
  const sales = await request.post('/api/public/products/info-multiple-sales', {
    data: { productIdList: reduced.map((p) => p.id), locale: 'en', currency: 'eur' },
  });
  const byId = new Map(((await sales.json()) as Sales[]).map((s) => [s.id, s]));
  const product = reduced.find((p) => {
    const list = byId.get(p.id)?.sales ?? [];
    const cheapest = Math.min(...list.map((s) => s.prices.eur));
    return list[0]?.prices.eur === cheapest && list[0].referenceCents?.eur != null;
  });
  expect(product, 'a reduced product sold cheapest by its best offer').toBeDefined();

  const history = await request.get(
    `/api/public/products/${product!.id}/price-history?currency=eur&days=90`,
  );
  expect(history.ok()).toBe(true);
  const { points, lowest30Cents } = (await history.json()) as {
    points: { date: string; cents: number }[];
    lowest30Cents: number;
  };
  expect(points).toHaveLength(90);

  // In euros (the browser's en-US would pick dollars).
  await page.goto(`${product!.url}#currency:eur`);
  // The chart: a picture with a label stating the lowest and highest price, one point a day.
  const chart = page.getByRole('img', { name: /Lowest price of each of the last 90 days in EUR/ });
  await expect(chart).toBeVisible();
  const low = euros(Math.min(...points.map((p) => p.cents)));
  const high = euros(Math.max(...points.map((p) => p.cents)));
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`from ${low} to ${high}`));
  const drawn = (await chart.locator('polyline').getAttribute('points'))!.trim().split(/\s+/);
  expect(drawn).toHaveLength(90);
  // The reduction happened a week ago: the line steps down, so its days are not all one height.
  expect(new Set(drawn.map((p) => p.split(',')[1])).size).toBeGreaterThan(1);

  // The buy box strikes through the 30-day lowest, and says what it is.
  const buyBox = page.locator('[data-buy-box]');
  await expect(buyBox.locator('s')).toHaveText(euros(lowest30Cents));
  await expect(buyBox.getByText('lowest price of the previous 30 days')).toBeVisible();

  // In dollars, the dollar chart is shown instead (drawn server-side: no script loads for it).
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('usd');
  await expect(page.getByRole('img', { name: /in USD/ })).toBeVisible();
  await expect(chart).toBeHidden();
});

test("each card of the home page's price drops strikes through its 30-day lowest", async ({
  page,
  request,
}) => {
  await page.goto('/#currency:eur');
  const row = page.getByRole('region', { name: 'Price drops' });
  const cards = row.locator('article.product-card');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of (await cards.all()).slice(0, 3)) {
    const href = (await card.getByRole('link').first().getAttribute('href'))!;
    const id = /\/product\/([0-9a-f]{24})\//.exec(href)![1];
    const history = await request.get(`/api/public/products/${id}/price-history`);
    const { lowest30Cents } = (await history.json()) as { lowest30Cents: number };
    await expect(card.locator('s')).toHaveText(euros(lowest30Cents));
  }
});
