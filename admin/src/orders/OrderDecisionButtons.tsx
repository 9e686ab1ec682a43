import ApproveIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import DeclineIcon from '@mui/icons-material/DoNotDisturbOn';
import FraudIcon from '@mui/icons-material/GppBad';
import BusinessIcon from '@mui/icons-material/Gavel';
import { ReasonConfirmButton } from '@market/console-kit';
import type { AdminOrder } from '@market/shared';
import type { ReactElement } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';
import {
  ORDER_DECISION_CALLS,
  orderDecisionsFor,
  type OrderDecisionName,
} from './order-actions.ts';

const ICONS: Record<OrderDecisionName, ReactElement> = {
  approve: <ApproveIcon />,
  decline: <DeclineIcon />,
  decline_fraud: <FraudIcon />,
  decline_business: <BusinessIcon />,
  cancel: <CancelIcon />,
};

/**
 * Approve / Decline (plain, as fraud, for business rules) / Cancel for the order in context: only
 * what the transition table lets an admin do from its status (`orderDecisionsFor`). Each decision records its own
 * reason from the spec's list, so the dialog only asks to confirm.
 */
export function OrderDecisionButtons() {
  const record = useRecordContext<AdminOrder>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!record) return null;
  return (
    <>
      {orderDecisionsFor(record).map((name) => {
        const { action, reason } = ORDER_DECISION_CALLS[name];
        return (
          <ReasonConfirmButton
            key={name}
            label={`resources.orders.actions.${name}`}
            icon={ICONS[name]}
            color={name === 'approve' ? 'primary' : 'error'}
            title={`resources.orders.confirm.${name}_title`}
            titleOptions={{ number: record.number }}
            content={`resources.orders.confirm.${name}_content`}
            action={() =>
              dataProvider.decideOrder({ id: record.id, action, ...(reason && { reason }) })
            }
            successMessage={`resources.orders.notifications.${name}`}
            // Decided meanwhile by someone else, the payment or the expiry job.
            conflictMessage="resources.orders.notifications.conflict"
          />
        );
      })}
    </>
  );
}
