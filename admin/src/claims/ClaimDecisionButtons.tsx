import RefundIcon from '@mui/icons-material/CurrencyExchange';
import ReplaceIcon from '@mui/icons-material/Autorenew';
import RejectIcon from '@mui/icons-material/Cancel';
import ReopenIcon from '@mui/icons-material/Replay';
import { ReasonConfirmButton } from '@market/console-kit';
import { REASON_MAX_LENGTH, type AdminClaim, type ClaimDecision } from '@market/shared';
import type { ReactElement } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

const ICONS: Record<ClaimDecision, ReactElement> = {
  refund: <RefundIcon />,
  replace: <ReplaceIcon />,
  reject: <RejectIcon />,
};
const DECISIONS: readonly ClaimDecision[] = ['refund', 'replace', 'reject'];

/**
 * Refund / Replace (uphold) and Reject for an escalated claim, each with an optional note;
 * Reopen for a rejected one (the buyer cannot report the key again: only an admin brings the
 * claim back, to decide it again).
 */
export function ClaimDecisionButtons() {
  const record = useRecordContext<AdminClaim>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (record?.status === 'rejected') {
    return (
      <ReasonConfirmButton
        label="resources.claims.actions.reopen"
        icon={<ReopenIcon />}
        title="resources.claims.confirm.reopen_title"
        titleOptions={{ name: record.name }}
        content="resources.claims.confirm.reopen_content"
        reason={{
          label: 'resources.claims.confirm.note',
          minLength: 0,
          maxLength: REASON_MAX_LENGTH,
        }}
        action={(note) => dataProvider.reopenClaim({ id: record.id, note })}
        successMessage="resources.claims.notifications.reopen"
        conflictMessage="resources.claims.notifications.conflict"
      />
    );
  }
  if (record?.status !== 'escalated') return null;
  return (
    <>
      {DECISIONS.map((decision) => (
        <ReasonConfirmButton
          key={decision}
          label={`resources.claims.actions.${decision}`}
          icon={ICONS[decision]}
          color={decision === 'reject' ? 'error' : 'primary'}
          title={`resources.claims.confirm.${decision}_title`}
          titleOptions={{ name: record.name }}
          content={`resources.claims.confirm.${decision}_content`}
          reason={{
            label: 'resources.claims.confirm.note',
            minLength: 0,
            maxLength: REASON_MAX_LENGTH,
          }}
          action={(note) => dataProvider.decideClaim({ id: record.id, decision, note })}
          successMessage={`resources.claims.notifications.${decision}`}
          conflictMessage="resources.claims.notifications.conflict"
        />
      ))}
    </>
  );
}
