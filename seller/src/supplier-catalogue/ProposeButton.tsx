import AddBoxIcon from '@mui/icons-material/AddBox';
import { errorNotification, errorStatus, schemaValidator } from '@market/console-kit';
import { SupplierProductProposeSchema, type SellerSupplierProduct } from '@market/shared';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Form,
  LinkBase,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useCreatePath,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { GiftCardInputs } from '../product-proposals/ProposalCreate.tsx';
import { REGION_CHOICES, TYPE_CHOICES } from '../product-proposals/proposal-form.ts';
import { CATEGORY_CHOICES, PLATFORM_CHOICES } from '../products/CatalogueList.tsx';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

type Values = Record<string, unknown>;

/** The API body from the dialog's values; the denomination only for gift cards. */
function toProposeBody(values: Values): Values {
  const { categoryId, brand, type, platform, region, note, denomination } = values;
  return {
    ...{ categoryId, brand, type, platform, region },
    note: typeof note === 'string' ? note : '',
    denomination: type === 'giftcard' ? (denomination ?? null) : null,
  };
}

const validateBody = schemaValidator(SupplierProductProposeSchema);
/** Checked with the shared schema before it is sent, as the server will. */
const validatePropose = (values: Values) => validateBody(toProposeBody(values));

/**
 * "Propose as new product": a product proposal made from the supplier product (its name, and
 * the platform and region the supplier's spelling maps to, which the seller may correct). Once
 * proposed, the row links to the proposal instead.
 */
export function ProposeButton() {
  const record = useRecordContext<SellerSupplierProduct>();
  const dataProvider = useDataProvider<SellerDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const createPath = useCreatePath();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  if (record.proposalId) {
    return (
      <Button
        component={LinkBase}
        label="resources.supplier-products.actions.proposed"
        to={createPath({ resource: 'product-proposals', type: 'show', id: record.proposalId })}
      />
    );
  }
  const close = () => setOpen(false);
  // Field errors go back to the form (react-admin marks them); anything else is a notification.
  const submit = async (values: Values) => {
    try {
      const body = SupplierProductProposeSchema.parse(toProposeBody(values));
      await dataProvider.proposeSupplierProduct(record.id, body);
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      if (errorStatus(error) === 400 && body?.errors) return body.errors;
      notify(errorNotification(error), { type: 'error' });
      return undefined;
    }
    notify('resources.supplier-products.notifications.proposed', { type: 'success' });
    close();
    refresh();
    return undefined;
  };
  return (
    <>
      <Button label="resources.supplier-products.actions.propose" onClick={() => setOpen(true)}>
        <AddBoxIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <Form
          defaultValues={{
            categoryId: 'games',
            type: 'key',
            platform: record.platform ?? undefined,
            region: record.region ?? undefined,
          }}
          validate={validatePropose}
          onSubmit={submit}
        >
          <DialogTitle>
            {translate('resources.supplier-products.dialogs.propose', { name: record.name })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {translate('resources.supplier-products.help.propose')}
            </DialogContentText>
            <SelectInput source="categoryId" choices={CATEGORY_CHOICES} validate={required()} />
            <TextInput source="brand" validate={required()} />
            <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} />
            <GiftCardInputs />
            <SelectInput source="platform" choices={PLATFORM_CHOICES} validate={required()} />
            <SelectInput source="region" choices={REGION_CHOICES} validate={required()} />
            <TextInput source="note" multiline minRows={2} fullWidth />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={close} />
            <SaveButton label="resources.supplier-products.actions.propose" icon={<AddBoxIcon />} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
