import { CLAIM_STATUSES, type ClaimStatus, type SellerDefectRate } from '@market/shared';
import {
  ArrayField,
  Datagrid,
  DateField,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ChoiceChipField } from '../fields/ChoiceChipField.tsx';

/**
 * What both consoles show of defective-key claims (`resources.claims.*` is in each console's
 * messages): the status chips, the history, a seller's defect rate.
 */

/** Status chip colours: what waits for someone stands out. */
export const CLAIM_STATUS_COLORS = {
  open: 'warning',
  escalated: 'error',
  replacing: 'info',
  refunding: 'info',
  replaced: 'success',
  refunded: 'success',
  rejected: 'default',
} as const satisfies Record<ClaimStatus, string>;

/** The claim statuses for a `<SelectInput>`, named by `resources.claims.statuses.<status>`. */
export const CLAIM_STATUS_CHOICES = CLAIM_STATUSES.map((status) => ({
  id: status,
  name: `resources.claims.statuses.${status}`,
}));

/** Read by `<SimpleShowLayout>` / `<Datagrid>` for the label. */
interface FieldProps {
  label?: string;
  sortable?: boolean;
}

/** Every move of the claim: when, to what, by whom, and the note given. */
export function ClaimHistoryField(_: FieldProps) {
  return (
    <ArrayField source="history">
      <Datagrid bulkActionButtons={false} rowClick={false} hover={false}>
        <DateField source="at" showTime label="resources.claims.history.at" />
        <ChoiceChipField
          source="to"
          labels="resources.claims.statuses"
          colors={CLAIM_STATUS_COLORS}
          label="resources.claims.history.to"
        />
        <ChoiceChipField
          source="actor"
          labels="resources.claims.actors"
          label="resources.claims.history.actor"
        />
        <TextField source="note" label="resources.claims.history.note" />
      </Datagrid>
    </ArrayField>
  );
}

/** A seller's `defectRate`: "1.5 per 100 keys (3 of 200)"; "—" until first counted. */
export function DefectRateField(_: FieldProps) {
  const record = useRecordContext<{ defectRate?: SellerDefectRate }>();
  const translate = useTranslate();
  const rate = record?.defectRate;
  if (!rate) return <>—</>;
  return <>{translate('resources.claims.defect_rate', { ...rate })}</>;
}
