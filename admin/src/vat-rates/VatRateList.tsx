import {
  BooleanField,
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { EU_MEMBER_STATES, type VatRate } from '@market/shared';
import { OssReportDownload } from './OssReportDownload.tsx';

/** 2550 → "25.5 %". */
export const percent = (bps: number) => `${bps / 100} %`;

const filters = [
  <SelectInput
    key="country"
    source="country"
    choices={EU_MEMBER_STATES.map((c) => ({ id: c, name: c }))}
    alwaysOn
  />,
];

function Actions() {
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <OssReportDownload />
      <CreateButton />
    </TopToolbar>
  );
}

/**
 * The standard VAT rate of each Member State with the day it took (or takes) effect: a country's
 * rate holds until its next row. Seeded rows come from the code's table; admins add a rate a
 * state announced, from a future day. The OSS report of a quarter downloads from here.
 */
export function VatRateList() {
  return (
    <List
      sort={{ field: 'country', order: 'ASC' }}
      filters={filters}
      actions={<Actions />}
      perPage={50}
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="country" />
        <FunctionField<VatRate> source="rateBps" render={(r) => percent(r.rateBps)} />
        <TextField source="from" />
        <TextField source="note" emptyText="—" sortable={false} />
        <BooleanField source="seeded" sortable={false} />
        <DateField source="createdAt" showTime />
      </Datagrid>
    </List>
  );
}
