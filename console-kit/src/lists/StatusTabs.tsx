import { Divider, Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

const ALL = 'all';

export interface StatusTabsProps {
  /** The statuses, in tab order, after "All". */
  statuses: readonly string[];
  /** Translation key prefix of the tab labels: `<labels>.all`, `<labels>.pending` … */
  labels: string;
}

/** Quick filters above a list: All, then one tab per value of its `status` filter. */
export function StatusTabs({ statuses, labels }: StatusTabsProps) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const translate = useTranslate();
  const status: unknown = filterValues['status'];
  const current = typeof status === 'string' && statuses.includes(status) ? status : ALL;

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
        {[ALL, ...statuses].map((value) => (
          <Tab key={value} value={value} label={translate(`${labels}.${value}`)} />
        ))}
      </Tabs>
      <Divider />
    </>
  );
}
