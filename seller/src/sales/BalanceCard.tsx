import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { formatCents } from '@market/console-kit';
import { CURRENCIES, type SellerBalance } from '@market/shared';
import { useEffect, useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

/**
 * What the marketplace owes the seller in each currency: delivered sales at list price, less
 * refunds. Loaded once when the dashboard opens.
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
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {CURRENCIES.map((currency) => (
              <Stack key={currency}>
                <Typography variant="caption" color="text.secondary">
                  {translate(`app.balance.${currency}`)}
                </Typography>
                <Typography variant="h6" component="p">
                  {formatCents(balance[currency], currency, locale)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.balance.help')}
        </Typography>
      </CardContent>
    </Card>
  );
}
