import type { Consent } from './consent-cookie.ts';

/**
 * The third-party scripts the shop may load (ANALYTICS_TAG_URL, MARKETING_TAG_URL,
 * CHAT_WIDGET_URL; unset: absent). The chat widget counts as marketing: it sets its own
 * cookies and follows the visitor across pages, which is more than the shop needs to run.
 */
export type ConsentTags = { analytics?: string; marketing?: string; chat?: string };
export type TagId = keyof ConsentTags;

const CATEGORY: Record<TagId, keyof Consent> = {
  analytics: 'analytics',
  marketing: 'marketing',
  chat: 'marketing',
};

/** Whether any tag is configured: without one there is nothing to consent to, and no banner. */
export const hasTags = (tags: ConsentTags): boolean => Object.values(tags).some(Boolean);

/** The configured tags a consent lets load (none without a choice). */
export function allowedTags(
  consent: Consent | null,
  tags: ConsentTags,
): { id: TagId; url: string }[] {
  if (!consent) return [];
  return (Object.keys(CATEGORY) as TagId[]).flatMap((id) => {
    const url = tags[id];
    return url && consent[CATEGORY[id]] ? [{ id, url }] : [];
  });
}
