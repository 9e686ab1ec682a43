import { Alert, AlertTitle, Typography } from '@mui/material';
import { schemaValidator } from '@market/console-kit';
import {
  NAME_MAX_LENGTH,
  SHOP_DESCRIPTION_MAX_LENGTH,
  SellerShopUpdateSchema,
  TRADER_ADDRESS_MAX_LENGTH,
  type SellerShop,
} from '@market/shared';
import {
  Edit,
  ImageField,
  SimpleForm,
  TextInput,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';

/** The console asks for the caller's own shop under this id (`/api/seller/shop/me`). */
export const OWN_SHOP_ID = 'me';

const validate = schemaValidator(SellerShopUpdateSchema);

/**
 * Where the legal details stand: a change waiting for an admin (buyers still see the approved
 * details, named here), or the last refusal with its reason.
 */
export function LegalDetailsStatus() {
  const shop = useRecordContext<SellerShop>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!shop) return null;
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  const change = shop.pendingLegalChange;
  if (change) {
    const { registrationName, vatNumber, address } = shop.approved;
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="legal-pending">
        <AlertTitle>
          {translate('resources.shop.legal.pending', { date: date(change.requestedAt) })}
        </AlertTitle>
        {translate('resources.shop.legal.still_shown', {
          details: [registrationName, vatNumber, address].filter(Boolean).join(' · '),
        })}
      </Alert>
    );
  }
  const last = shop.lastLegalDecision;
  if (last?.decision === 'rejected') {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="legal-rejected">
        {translate('resources.shop.legal.rejected', {
          date: date(last.at),
          reason: last.reason ?? '—',
        })}
      </Alert>
    );
  }
  return null;
}

/** The shop profile form: shop fields apply on save, legal ones are sent for approval. */
function ShopForm() {
  const translate = useTranslate();
  return (
    <SimpleForm validate={validate}>
      <Typography variant="h6" component="h2">
        {translate('resources.shop.sections.shop')}
      </Typography>
      <TextInput
        source="name"
        fullWidth
        slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
      />
      <TextInput
        source="description"
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: SHOP_DESCRIPTION_MAX_LENGTH } }}
      />
      <TextInput source="image" type="url" fullWidth helperText="resources.shop.help.image" />
      <ImageField source="image" sx={{ '& img': { maxWidth: 120, maxHeight: 120 } }} />
      <TextInput source="supportEmail" type="email" fullWidth />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('resources.shop.sections.legal')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.shop.help.legal')}
      </Typography>
      <LegalDetailsStatus />
      <TextInput source="registrationName" fullWidth />
      <TextInput source="vatNumber" fullWidth />
      <TextInput
        source="address"
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: TRADER_ADDRESS_MAX_LENGTH } }}
      />
    </SimpleForm>
  );
}

/** The `shop` resource's page: the signed-in seller's own shop profile, edited in place. */
export function ShopProfile() {
  const notify = useNotify();
  // Saved: say whether legal details now wait for an admin (they did not apply yet).
  const onSuccess = (shop: SellerShop) =>
    notify(shop.pendingLegalChange ? 'resources.shop.saved_pending' : 'resources.shop.saved', {
      type: 'success',
    });
  return (
    <Edit
      resource="shop"
      id={OWN_SHOP_ID}
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
      title="resources.shop.name"
    >
      <ShopForm />
    </Edit>
  );
}
