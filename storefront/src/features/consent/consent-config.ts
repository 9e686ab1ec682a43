import type { ConsentTags } from './consent-tags.ts';

/** The configured tags (server-side: the server sets these from its config, lib/shop-site.ts). */
export function consentTags(): ConsentTags {
  const tags: ConsentTags = {};
  if (process.env.ANALYTICS_TAG_URL) tags.analytics = process.env.ANALYTICS_TAG_URL;
  if (process.env.MARKETING_TAG_URL) tags.marketing = process.env.MARKETING_TAG_URL;
  if (process.env.CHAT_WIDGET_URL) tags.chat = process.env.CHAT_WIDGET_URL;
  return tags;
}
