import { PLATFORMS, activationGuidePath } from '@market/shared';
import { platformLabel } from './format.ts';

/** The display name of a platform that has an activation guide, or null (PS Vita, XBOX 360, unknown). */
export function guidePlatformName(slug: string | undefined, host: string): string | null {
  if (!slug || activationGuidePath(slug) === null) return null;
  const platform = PLATFORMS.find((p) => p.slug === slug);
  return platform ? platformLabel(platform.name, host) : null;
}
