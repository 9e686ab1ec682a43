import { formatCents } from '@market/console-kit';
import type { SellerSupplierProduct } from '@market/shared';
import { Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { PLATFORM_CHOICES } from '../products/CatalogueList.tsx';

/** A platform's name from its slug (the slug itself for one the console does not know). */
export const platformName = (slug: string) =>
  PLATFORM_CHOICES.find((p) => p.id === slug)?.name ?? slug;

/** The supplier's name for the product, its sku, and whether it is a pre-order. */
export function SupplierProductNameField(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<SellerSupplierProduct>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">{record.name}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          {record.sku}
        </Typography>
        {record.preOrder ? (
          <Chip size="small" label={translate('resources.supplier-products.pre_order')} />
        ) : null}
      </Stack>
    </Stack>
  );
}

/** The marketplace platform, with the supplier's own spelling when it differs. */
export function SupplierPlatformField(_props: { label?: string }) {
  const record = useRecordContext<SellerSupplierProduct>();
  if (!record) return null;
  const mapped = record.platform === null ? null : platformName(record.platform);
  const spelt = record.supplierPlatform;
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">{mapped ?? spelt ?? '—'}</Typography>
      {mapped && spelt && spelt !== mapped ? (
        <Typography variant="caption" color="text.secondary">
          {spelt}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** What one unit costs at the supplier, in its currency. */
export function CostField(_props: { label?: string; sortBy?: string }) {
  const record = useRecordContext<SellerSupplierProduct>();
  const [locale] = useLocaleState();
  if (!record) return null;
  return <>{formatCents(record.cost.cents, record.cost.currency, locale)}</>;
}
