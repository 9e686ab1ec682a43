import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { errorNotification, useAction } from '@market/console-kit';
import type { OfferRestockResult, SellerOffer } from '@market/shared';
import { useId, useState } from 'react';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

/**
 * Buys keys from the supplier of a stocked offer into the seller's stock. The server finishes an
 * unfinished batch before buying another, so pressing again after a failure never buys twice.
 */
export function RestockPanel() {
  const record = useRecordContext<SellerOffer>();
  const dataProvider = useDataProvider<SellerDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const titleId = useId();
  const [quantity, setQuantity] = useState('1');
  const [result, setResult] = useState<OfferRestockResult | null>(null);

  const { run, isPending } = useAction(
    (offerId: Identifier, n: number) => dataProvider.restockOffer(offerId, n),
    {
      onSuccess: (outcome) => {
        setResult(outcome);
        refresh();
      },
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );

  if (record?.source.kind !== 'supplier' || record.source.mode !== 'stocked') return null;
  const n = Number(quantity);
  const valid = Number.isInteger(n) && n >= 1 && n <= 500;

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {translate('resources.offers.restock.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('resources.offers.restock.intro')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 600 }}>
        <TextField
          label={translate('resources.offers.restock.quantity')}
          type="number"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 500, step: 1 } }}
          disabled={isPending}
          size="small"
        />
        <Button
          variant="contained"
          startIcon={<ShoppingCartIcon />}
          disabled={isPending || !valid}
          onClick={() => run(record.id, n)}
        >
          {translate('resources.offers.restock.buy')}
        </Button>
      </Stack>
      {result && (
        <Alert
          severity={result.status === 'completed' ? 'success' : 'info'}
          role="status"
          sx={{ mt: 2 }}
        >
          {translate(
            result.status === 'completed'
              ? 'resources.offers.restock.done'
              : 'resources.offers.restock.pending',
            { stored: result.stored, stock: result.stock },
          )}
        </Alert>
      )}
    </Box>
  );
}
