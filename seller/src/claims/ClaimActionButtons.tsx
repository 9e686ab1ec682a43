import RefundIcon from '@mui/icons-material/CurrencyExchange';
import ReplaceIcon from '@mui/icons-material/Autorenew';
import EscalateIcon from '@mui/icons-material/Gavel';
import { ReasonConfirmButton } from '@market/console-kit';
import { REASON_MAX_LENGTH, type Claim } from '@market/shared';
import type { ReactElement } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { ClaimAnswer, SellerDataProvider } from '../providers/seller-data-provider.ts';

const ICONS: Record<ClaimAnswer, ReactElement> = {
  replace: <ReplaceIcon />,
  refund: <RefundIcon />,
  escalate: <EscalateIcon />,
};
const ANSWERS: readonly ClaimAnswer[] = ['replace', 'refund', 'escalate'];

/** Replace / Refund / Escalate for an open claim, each with an optional note. */
export function ClaimActionButtons() {
  const record = useRecordContext<Claim>();
  const dataProvider = useDataProvider<SellerDataProvider>();
  if (record?.status !== 'open') return null;
  return (
    <>
      {ANSWERS.map((answer) => (
        <ReasonConfirmButton
          key={answer}
          label={`resources.claims.actions.${answer}`}
          icon={ICONS[answer]}
          color={answer === 'escalate' ? 'error' : 'primary'}
          title={`resources.claims.confirm.${answer}_title`}
          titleOptions={{ name: record.name }}
          content={`resources.claims.confirm.${answer}_content`}
          reason={{
            label: 'resources.claims.confirm.note',
            minLength: 0,
            maxLength: REASON_MAX_LENGTH,
          }}
          action={(note) => dataProvider.answerClaim(record.id, answer, note)}
          successMessage={`resources.claims.notifications.${answer}`}
          conflictMessage="resources.claims.notifications.conflict"
        />
      ))}
    </>
  );
}
