import type { Config } from '../config.ts';

/** The consent-gated third-party scripts (features/consent in the storefront); unset: none. */
export type ShopTags = { analytics?: string; marketing?: string; chat?: string };

/** What the storefront shows of the shop: the same for every visitor, so cache-safe. */
export type ShopSite = { name: string; logoUrl?: string; tags: ShopTags };

export function shopSiteOf(config: Config): ShopSite {
  const tags: ShopTags = {};
  if (config.ANALYTICS_TAG_URL) tags.analytics = config.ANALYTICS_TAG_URL;
  if (config.MARKETING_TAG_URL) tags.marketing = config.MARKETING_TAG_URL;
  if (config.CHAT_WIDGET_URL) tags.chat = config.CHAT_WIDGET_URL;
  return {
    name: config.SHOP_NAME,
    ...(config.SHOP_LOGO_URL && { logoUrl: config.SHOP_LOGO_URL }),
    tags,
  };
}

/** The origins the configured tags load from: the CSP allows these, and only these, extra. */
export function tagOriginsOf(tags: ShopTags): string[] {
  return [...new Set(Object.values(tags).map((url) => new URL(url).origin))];
}

/**
 * Hands the shop to the storefront, which runs in this process and reads process.env (as it
 * reads PUBLIC_ORIGIN): the variables are rewritten with their parsed, defaulted values.
 */
export function exposeShopSite(site: ShopSite): void {
  process.env.SHOP_NAME = site.name;
  const optional = {
    SHOP_LOGO_URL: site.logoUrl,
    ANALYTICS_TAG_URL: site.tags.analytics,
    MARKETING_TAG_URL: site.tags.marketing,
    CHAT_WIDGET_URL: site.tags.chat,
  };
  for (const [name, value] of Object.entries(optional)) {
    if (value) process.env[name] = value;
    else delete process.env[name];
  }
}
