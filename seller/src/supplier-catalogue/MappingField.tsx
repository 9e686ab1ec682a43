import CheckIcon from '@mui/icons-material/Check';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { errorNotification } from '@market/console-kit';
import type { SellerSupplierProduct } from '@market/shared';
import { Chip, Stack, Typography } from '@mui/material';
import { Button, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { platformName } from './catalogue-fields.tsx';

/** Saves (or clears, with null) the marketplace product a supplier product is sold as. */
export function useSetMapping(record: SellerSupplierProduct | undefined) {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const setMapping = (productId: string | null, onDone?: () => void) => {
    if (!record) return;
    void update(
      'supplier-products',
      { id: record.id, data: { productId }, previousData: record },
      {
        onSuccess: () => {
          notify(`resources.supplier-products.notifications.${productId ? 'mapped' : 'cleared'}`, {
            type: 'success',
          });
          onDone?.();
        },
        onError: (error) => notify(errorNotification(error), { type: 'error' }),
      },
    );
  };
  return { setMapping, isPending };
}

/**
 * The marketplace product the seller sells this as (with "Unmap"), or else the best suggestion
 * with its score and a one-click "Confirm".
 */
export function MappingField(_props: { label?: string }) {
  const record = useRecordContext<SellerSupplierProduct>();
  const translate = useTranslate();
  const { setMapping, isPending } = useSetMapping(record);
  if (!record) return null;
  if (record.mapping) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip color="success" size="small" label={record.mapping.name} />
        <Button
          label="resources.supplier-products.actions.clear"
          disabled={isPending}
          onClick={() => setMapping(null)}
        >
          <LinkOffIcon />
        </Button>
      </Stack>
    );
  }
  const best = record.suggestions[0];
  if (!best) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.supplier-products.no_suggestion')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Stack spacing={0.25}>
        <Typography variant="body2">{best.name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('resources.supplier-products.suggestion', {
            platform: platformName(best.platform),
            region: best.region,
            score: Math.round(best.score * 100),
          })}
        </Typography>
      </Stack>
      <Button
        label="resources.supplier-products.actions.confirm"
        variant="contained"
        disabled={isPending}
        onClick={() => setMapping(best.productId)}
      >
        <CheckIcon />
      </Button>
    </Stack>
  );
}
