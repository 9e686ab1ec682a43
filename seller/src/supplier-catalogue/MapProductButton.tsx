import LinkIcon from '@mui/icons-material/Link';
import type { SellerCatalogueProduct, SellerSupplierProduct } from '@market/shared';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Form,
  ReferenceInput,
  SaveButton,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { platformName } from './catalogue-fields.tsx';
import { useSetMapping } from './MappingField.tsx';

const productText = (p: SellerCatalogueProduct) =>
  `${p.name} · ${platformName(p.platform)} · ${p.region}`;

/** "Map to…": the seller picks the marketplace product themselves (search by name). */
export function MapProductButton() {
  const record = useRecordContext<SellerSupplierProduct>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { setMapping, isPending } = useSetMapping(record);
  if (!record) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button label="resources.supplier-products.actions.map" onClick={() => setOpen(true)}>
        <LinkIcon />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <Form
          defaultValues={{
            productId: record.mapping?.productId ?? record.suggestions[0]?.productId,
          }}
          onSubmit={(values: Record<string, unknown>) =>
            setMapping(String(values['productId']), close)
          }
        >
          <DialogTitle>
            {translate('resources.supplier-products.dialogs.map', { name: record.name })}
          </DialogTitle>
          <DialogContent>
            <ReferenceInput source="productId" reference="products" perPage={20}>
              <AutocompleteInput
                label="resources.supplier-products.fields.productId"
                optionText={productText}
                filterToQuery={(q: string) => ({ q })}
                validate={required()}
                fullWidth
              />
            </ReferenceInput>
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={close} />
            <SaveButton
              label="resources.supplier-products.actions.save_mapping"
              disabled={isPending}
            />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
