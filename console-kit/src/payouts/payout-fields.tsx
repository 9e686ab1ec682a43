import { PAYOUT_STATUSES } from '@market/shared';
import { SelectInput } from 'react-admin';

/** What both consoles show of payouts: a status's chip colour, and the status filter. */

export const PAYOUT_STATUS_COLORS = {
  pending: 'default',
  processing: 'info',
  paid: 'success',
  failed: 'error',
} as const;

/** The payout lists' status filter, named by `resources.payouts.statuses.<status>`. */
export const payoutStatusFilter = (
  <SelectInput
    key="status"
    source="status"
    choices={PAYOUT_STATUSES.map((s) => ({ id: s, name: `resources.payouts.statuses.${s}` }))}
    alwaysOn
  />
);
