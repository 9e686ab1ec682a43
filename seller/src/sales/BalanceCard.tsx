import {
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatCents } from '@market/console-kit';
import { CURRENCIES, type SellerBalance } from '@market/shared';
import { useEffect, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

const COLUMNS = ['pendingCents', 'availableCents', 'paidCents'] as const;

/**
 * The seller's money in each currency: pending (sales still inside the holdback), available (to
 * be paid out at the next payout run; negative after a refund, carried forward) and paid.
 * Loaded once when the dashboard opens.
 */
export function BalanceCard() {
  const dataProvider = useDataProvider<SellerDataProvider>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [balance, setBalance] = useState<SellerBalance | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.resolve()
      .then(() => dataProvider.getBalance())
      .then(
        (loaded) => live && setBalance(loaded),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [dataProvider]);

  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('app.balance.title')} />
      <CardContent>
        {failed ? (
          <Typography color="error">{translate('app.balance.load_failed')}</Typography>
        ) : balance ? (
          <Table size="small" aria-label={translate('app.balance.title')}>
            <TableHead>
              <TableRow>
                <TableCell />
                {COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {translate(`app.balance.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {CURRENCIES.map((currency) => (
                <TableRow key={currency} data-testid={`balance-${currency}`}>
                  <TableCell component="th" scope="row">
                    {translate(`app.balance.${currency}`)}
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align="right">
                      {formatCents(balance[currency][column], currency, locale)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.balance.help')}
        </Typography>
      </CardContent>
    </Card>
  );
}
