import { Divider, Tab, Tabs } from '@mui/material';
import { SELLER_STATUSES, SellerStatusSchema } from '@market/shared';
import { useListContext, useTranslate } from 'react-admin';

const ALL = 'all';

/** Quick filters above the sellers list: All, then one tab per status. */
export function SellerStatusTabs() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const translate = useTranslate();
  const parsed = SellerStatusSchema.safeParse(filterValues['status']);
  const current = parsed.success ? parsed.data : ALL;

  const select = (value: string) => {
    const others = Object.fromEntries(
      Object.entries(filterValues).filter(([name]) => name !== 'status'),
    );
    setFilters(value === ALL ? others : { ...others, status: value }, displayedFilters);
  };
  return (
    <>
      <Tabs
        value={current}
        onChange={(_, value: string) => select(value)}
        variant="scrollable"
        scrollButtons="auto"
      >
        {[ALL, ...SELLER_STATUSES].map((status) => (
          <Tab key={status} value={status} label={translate(`resources.sellers.tabs.${status}`)} />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}
