import {
  ApiErrorSchema,
  CatalogueSearchResultSchema,
  ProductSalesSchema,
  PublicCategorySchema,
  PublicStateSchema,
  StoreProductSchema,
  type ApiError,
  type CatalogueSearchRequest,
  type CatalogueSearchResult,
  type Locale,
  type ProductSales,
  type PublicCategory,
  type PublicState,
  type StoreProduct,
} from '@market/shared';

const TIMEOUT_MS = 5_000;
const PublicCategoryListSchema = PublicCategorySchema.array();

/** A search request as sent: every field the API defaults may be left out. */
export type CatalogueSearchRequestInput = Partial<CatalogueSearchRequest> &
  Pick<CatalogueSearchRequest, 'locale'>;

/** A failed API call, with the API's error code when it sent the standard error body. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: ApiError['code'] | undefined;

  constructor(path: string, status: number, error: ApiError | undefined) {
    super(`API ${path} answered ${status}: ${error?.message ?? 'no error body'}`);
    this.name = 'ApiCallError';
    this.status = status;
    this.code = error?.code;
  }
}

// Read per call, never captured at import, so the value the server sets is always the one used.
function apiOrigin(): string {
  return process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';
}

/** The JSON answer of an API call; any other status throws an ApiCallError. */
async function call(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${apiOrigin()}/api/${path}`, {
    ...init,
    headers: { ...init.headers, Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiCallError(path, response.status, ApiErrorSchema.safeParse(data).data);
  }
  return data;
}

function post(path: string, body: unknown): Promise<unknown> {
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The shop's global state in `locale`: home content, categories, tags, reviews, stats…; throws when the API fails. */
export async function getPublicState(locale: Locale): Promise<PublicState> {
  return PublicStateSchema.parse(await call(`public/state?locale=${encodeURIComponent(locale)}`));
}

/** The four categories, sorted by position, named in `locale`; throws when the API fails. */
export async function getPublicCategories(locale: Locale): Promise<PublicCategory[]> {
  return PublicCategoryListSchema.parse(await post('public/categories/get-public', { locale }));
}

const StoreProductListSchema = StoreProductSchema.array();
const ProductSalesListSchema = ProductSalesSchema.array();

/** One category named in `locale`, or null when no category has that id. */
export async function getCategoryById(id: string, locale: Locale): Promise<PublicCategory | null> {
  try {
    return PublicCategorySchema.parse(await post('public/categories/get-by-id', { id, locale }));
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** A page of the catalogue; prices in the request are cents of its currency. */
export async function searchProducts(
  request: CatalogueSearchRequestInput,
): Promise<CatalogueSearchResult> {
  return CatalogueSearchResultSchema.parse(await post('public/products/search', request));
}

/** One product in `locale` (its brand included), or null when there is none with that id. */
export async function getProduct(id: string, locale: Locale): Promise<StoreProduct | null> {
  const items = StoreProductListSchema.parse(
    await post('public/products/info-multiple', { productIdList: [id], locale }),
  );
  return items[0] ?? null;
}

/** The live offers of one product, cheapest first in EUR, or null when it does not exist. */
export async function getProductSales(id: string, locale: Locale): Promise<ProductSales | null> {
  const items = ProductSalesListSchema.parse(
    await post('public/products/info-multiple-sales', {
      productIdList: [id],
      locale,
      currency: 'eur',
    }),
  );
  return items[0] ?? null;
}
