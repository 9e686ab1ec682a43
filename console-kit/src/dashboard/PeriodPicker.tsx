import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DASHBOARD_PERIODS } from '@market/shared';
import { useTranslate } from 'react-admin';

/** The dashboard's period: the last 7, 30 or 90 days. */
export function PeriodPicker({ days, onChange }: { days: number; onChange: (d: number) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={days}
      aria-label={translate('app.dashboard.period.label')}
      onChange={(_, value: number | null) => value && onChange(value)}
    >
      {DASHBOARD_PERIODS.map((d) => (
        <ToggleButton key={d} value={d}>
          {translate('app.dashboard.period.days', { smart_count: d })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
