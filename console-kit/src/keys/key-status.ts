import { KEY_STATUSES, type KeyStatus } from '@market/shared';

/** Chip colours of the key statuses. */
export const KEY_STATUS_COLORS = {
  available: 'success',
  reserved: 'info',
  sold: 'primary',
  refunded: 'warning',
  revoked: 'error',
} as const satisfies Record<KeyStatus, string>;

/** The key statuses for a `<SelectInput>`, named by `resources.keys.statuses.<status>`. */
export const KEY_STATUS_CHOICES = KEY_STATUSES.map((status) => ({
  id: status,
  name: `resources.keys.statuses.${status}`,
}));
