import { Stack } from '@mui/material';
import { ChoiceChipField } from '@market/console-kit';
import type { SellerSaleDetail } from '@market/shared';
import {
  DateField,
  Labeled,
  Show,
  type ShowProps,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SALE_STATUS_COLORS } from './sale-fields.tsx';
import {
  SaleClaimsSection,
  SaleLinesSection,
  SaleMoneySection,
  SaleRefundsSection,
} from './sale-sections.tsx';
import { SaleChatSection } from '../conversations/SaleChatSection.tsx';

function SaleTitle() {
  const sale = useRecordContext<SellerSaleDetail>();
  const translate = useTranslate();
  return <>{sale ? translate('resources.sales.title', { number: sale.orderNumber }) : ''}</>;
}

/** The order's number, date and status above the sections. */
function SaleSummary() {
  return (
    <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Labeled>
        <TextField source="orderNumber" />
      </Labeled>
      <Labeled>
        <DateField source="createdAt" showTime />
      </Labeled>
      <Labeled>
        <ChoiceChipField
          source="status"
          labels="resources.sales.statuses"
          colors={SALE_STATUS_COLORS}
        />
      </Labeled>
    </Stack>
  );
}

/**
 * One sale: the seller's part of the order in sections, one under the other — lines and keys,
 * money, refunds, claims. A further section (e.g. the conversation with the buyer) is one more
 * child here.
 */
export function SaleShow(props: Pick<ShowProps, 'id'>) {
  return (
    <Show title={<SaleTitle />} {...props}>
      <Stack sx={{ p: 2 }}>
        <SaleSummary />
        <SaleLinesSection />
        <SaleMoneySection />
        <SaleRefundsSection />
        <SaleClaimsSection />
        <SaleChatSection />
      </Stack>
    </Show>
  );
}
