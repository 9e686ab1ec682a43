import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import SuspendIcon from '@mui/icons-material/PauseCircle';
import { ReasonConfirmButton } from '@market/console-kit';
import { REASON_MAX_LENGTH, type Seller, type SellerDecision } from '@market/shared';
import type { ReactElement } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';
import { sellerDecisionsFrom } from './seller-decisions.ts';

const ICONS: Record<SellerDecision, ReactElement> = {
  approve: <ApproveIcon />,
  reject: <RejectIcon />,
  suspend: <SuspendIcon />,
};

/**
 * Approve / Reject / Suspend for the seller in context, only the decisions its status allows;
 * each asks for an optional reason before it is sent.
 */
export function SellerDecisionButtons() {
  const record = useRecordContext<Seller>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!record) return null;
  return (
    <>
      {sellerDecisionsFrom(record.status).map((decision) => (
        <ReasonConfirmButton
          key={decision}
          label={`resources.sellers.actions.${decision}`}
          icon={ICONS[decision]}
          color={decision === 'approve' ? 'primary' : 'error'}
          title={`resources.sellers.confirm.${decision}_title`}
          titleOptions={{ name: record.name }}
          content={`resources.sellers.confirm.${decision}_content`}
          reason={{
            label: 'resources.sellers.confirm.reason',
            help: 'resources.sellers.confirm.reason_help',
            minLength: 0,
            maxLength: REASON_MAX_LENGTH,
          }}
          action={(reason) => dataProvider.decideSeller({ id: record.id, decision, reason })}
          successMessage={`resources.sellers.notifications.${decision}`}
          // Someone else decided meanwhile.
          conflictMessage="resources.sellers.notifications.conflict"
        />
      ))}
    </>
  );
}
