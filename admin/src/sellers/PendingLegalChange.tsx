import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import {
  Alert,
  AlertTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { ReasonConfirmButton } from '@market/console-kit';
import {
  LEGAL_CHANGE_DECISIONS,
  LEGAL_FIELDS,
  REASON_MAX_LENGTH,
  type Seller,
} from '@market/shared';
import { useDataProvider, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

const ICONS = { approve: <ApproveIcon />, reject: <RejectIcon /> };

/**
 * The seller's change of trader data waiting for a decision: the approved values beside the
 * asked ones, and Approve / Reject (each with an optional reason the seller is mailed). Nothing
 * when no change waits.
 */
export function PendingLegalChange() {
  const seller = useRecordContext<Seller>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const change = seller?.pendingLegalChange;
  if (!seller || !change) return null;
  const approved = { ...seller, address: seller.address ?? null };
  return (
    <Alert severity="warning" icon={false} sx={{ my: 1 }} data-testid="pending-legal-change">
      <AlertTitle>
        {translate('resources.sellers.legal_change.title', {
          date: new Date(change.requestedAt).toLocaleString(locale),
        })}
      </AlertTitle>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell>{translate('resources.sellers.legal_change.approved')}</TableCell>
            <TableCell>{translate('resources.sellers.legal_change.asked')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {LEGAL_FIELDS.map((field) => (
            <TableRow key={field} selected={(approved[field] ?? '') !== (change[field] ?? '')}>
              <TableCell component="th" scope="row">
                {translate(`resources.sellers.fields.${field}`)}
              </TableCell>
              <TableCell>{approved[field] ?? '—'}</TableCell>
              <TableCell>{change[field] ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {LEGAL_CHANGE_DECISIONS.map((decision) => (
          <ReasonConfirmButton
            key={decision}
            label={`resources.sellers.legal_change.${decision}`}
            icon={ICONS[decision]}
            color={decision === 'approve' ? 'primary' : 'error'}
            title={`resources.sellers.legal_change.${decision}_title`}
            titleOptions={{ name: seller.name }}
            content={`resources.sellers.legal_change.${decision}_content`}
            reason={{
              label: 'resources.sellers.confirm.reason',
              help: 'resources.sellers.confirm.reason_help',
              minLength: 0,
              maxLength: REASON_MAX_LENGTH,
            }}
            action={(reason) =>
              dataProvider.decideLegalChange({
                id: seller.id,
                decision,
                changeId: change.id,
                reason,
              })
            }
            successMessage={`resources.sellers.legal_change.${decision}_done`}
            conflictMessage="resources.sellers.legal_change.conflict"
          />
        ))}
      </Stack>
    </Alert>
  );
}
