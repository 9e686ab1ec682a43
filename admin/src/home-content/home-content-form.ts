import { schemaValidator } from '@market/console-kit';
import { HomeContentUpdateSchema } from '@market/shared';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const texts = (value: unknown) => {
  const v = (value ?? {}) as Record<string, unknown>;
  return { en: text(v['en']), it: text(v['it']) };
};

/**
 * The API body from the form: the featured ids in the order picked, and each banner with empty
 * subtitles as empty texts and `active` on unless unticked.
 */
export function toHomeContentBody(values: Record<string, unknown>) {
  const ids = values['featuredProductIds'];
  const banners = Array.isArray(values['banners']) ? (values['banners'] as unknown[]) : [];
  return {
    featuredProductIds: Array.isArray(ids) ? ids.map(String) : [],
    banners: banners.map((raw) => {
      const b = (raw ?? {}) as Record<string, unknown>;
      return {
        title: texts(b['title']),
        subtitle: texts(b['subtitle']),
        imageUrl: text(b['imageUrl']).trim(),
        linkUrl: text(b['linkUrl']).trim(),
        active: b['active'] !== false,
      };
    }),
  };
}

/** The shared schema's checks, on the body the form will send. */
export const validateHomeContent = schemaValidator({
  safeParse: (values: unknown) =>
    HomeContentUpdateSchema.safeParse(toHomeContentBody(values as Record<string, unknown>)),
});
