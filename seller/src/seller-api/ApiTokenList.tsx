import type { ApiToken } from '@market/shared';
import {
  Datagrid,
  DateField,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Chip, Stack } from '@mui/material';

/** Short codes (scopes, event types) as chips. */
export function Chips({ values }: { values: readonly string[] }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {values.map((v) => (
        <Chip key={v} size="small" label={v} />
      ))}
    </Stack>
  );
}

function RevokeButton() {
  const record = useRecordContext<ApiToken>();
  if (!record || record.revokedAt) return null;
  return (
    <DeleteWithConfirmButton
      label="resources.api-tokens.actions.revoke"
      confirmTitle="resources.api-tokens.dialogs.revoke_title"
      confirmContent="resources.api-tokens.dialogs.revoke_content"
      mutationMode="pessimistic"
      redirect={false}
    />
  );
}

function StateField() {
  const record = useRecordContext<ApiToken>();
  const translate = useTranslate();
  if (!record) return null;
  return record.revokedAt ? (
    <Chip size="small" label={translate('resources.api-tokens.states.revoked')} />
  ) : (
    <Chip size="small" color="success" label={translate('resources.api-tokens.states.active')} />
  );
}

/** The seller's API tokens: never the secret, only its first characters; revoke from the row. */
export function ApiTokenList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" sortable={false} />
        <FunctionField<ApiToken>
          source="prefix"
          sortable={false}
          render={(r) => <code>{r.prefix}…</code>}
        />
        <FunctionField<ApiToken>
          source="scopes"
          sortable={false}
          render={(r) => <Chips values={r.scopes} />}
        />
        <DateField source="createdAt" showTime sortable={false} />
        <DateField source="lastUsedAt" showTime sortable={false} emptyText="—" />
        <StateField />
        <RevokeButton />
      </Datagrid>
    </List>
  );
}
