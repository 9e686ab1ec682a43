import { Divider, Tab, Tabs } from '@mui/material';
import { PROPOSAL_STATUSES, ProposalStatusSchema } from '@market/shared';
import { useListContext, useTranslate } from 'react-admin';

const ALL = 'all';

/** Quick filters above the proposals list: All, then one tab per status. */
export function ProposalStatusTabs() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const translate = useTranslate();
  const parsed = ProposalStatusSchema.safeParse(filterValues['status']);
  const current = parsed.success ? parsed.data : ALL;

  const select = (value: string) => {
    const others = Object.fromEntries(
      Object.entries(filterValues).filter(([name]) => name !== 'status'),
    );
    setFilters(value === ALL ? others : { ...others, status: value }, displayedFilters);
  };
  return (
    <>
      <Tabs value={current} onChange={(_, value: string) => select(value)}>
        {[ALL, ...PROPOSAL_STATUSES].map((status) => (
          <Tab
            key={status}
            value={status}
            label={translate(`resources.product-proposals.tabs.${status}`)}
          />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}
