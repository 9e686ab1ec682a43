import { parse } from 'hono/utils/cookie';
import {
  ATTRIBUTION_COOKIES,
  AttributionSchema,
  DEFAULT_ATTRIBUTION_SOURCE,
  type Attribution,
} from '@market/shared';

const FIELDS = Object.keys(ATTRIBUTION_COOKIES) as Array<keyof typeof ATTRIBUTION_COOKIES>;

/**
 * The attribution an order records, from the request's Cookie header (the cookies the
 * storefront sets from the landing URL). Each value is checked on its own, so a tampered cookie
 * drops only itself; an awc whose source cookie is gone gets the default source back.
 */
export function attributionFromCookies(cookieHeader: string | null | undefined): Attribution {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  const attribution = AttributionSchema.parse({});
  for (const field of FIELDS) {
    const parsed = AttributionSchema.shape[field].safeParse(
      cookies[ATTRIBUTION_COOKIES[field].name],
    );
    attribution[field] = parsed.success && parsed.data ? parsed.data : null;
  }
  if (attribution.awc && !attribution.source) attribution.source = DEFAULT_ATTRIBUTION_SOURCE;
  return attribution;
}
