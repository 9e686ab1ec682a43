import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { CURRENCIES, type DashboardRanked } from '@market/shared';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCents } from '../money/cents.ts';

/** A top-N list (products or shops): name, units sold, revenue in each currency. */
export function RankedTable({ rows, label }: { rows: DashboardRanked[]; label: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!rows.length) {
    return (
      <Typography color="text.secondary">{translate('app.dashboard.nothing_sold')}</Typography>
    );
  }
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{label}</TableCell>
          <TableCell align="right">{translate('app.dashboard.units')}</TableCell>
          {CURRENCIES.map((c) => (
            <TableCell key={c} align="right">
              {c.toUpperCase()}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.name}</TableCell>
            <TableCell align="right">{row.units}</TableCell>
            {CURRENCIES.map((c) => (
              <TableCell key={c} align="right">
                {row.revenue[c] ? formatCents(row.revenue[c], c, locale) : '—'}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
