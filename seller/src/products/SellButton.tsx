import EditIcon from '@mui/icons-material/Edit';
import SellIcon from '@mui/icons-material/Sell';
import type { SellerCatalogueProduct } from '@market/shared';
import type { MouseEvent } from 'react';
import { Button, LinkBase, useCreatePath, useRecordContext } from 'react-admin';

/** The offer create form's address, prefilled with a product. */
export const sellPath = (createPath: ReturnType<typeof useCreatePath>, productId: string) =>
  `${createPath({ resource: 'offers', type: 'create' })}?productId=${encodeURIComponent(productId)}`;

/** The button sits in a list row: its click must not also trigger the row's. */
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** "Sell" on a product nobody of this shop offers yet; "Edit my offer" once the seller does. */
export function SellButton() {
  const record = useRecordContext<SellerCatalogueProduct>();
  const createPath = useCreatePath();
  if (!record) return null;
  if (record.myOfferId) {
    return (
      <Button
        component={LinkBase}
        label="resources.products.actions.edit_offer"
        to={createPath({ resource: 'offers', type: 'edit', id: record.myOfferId })}
        onClick={stopRowClick}
      >
        <EditIcon />
      </Button>
    );
  }
  return (
    <Button
      component={LinkBase}
      label="resources.products.actions.sell"
      to={sellPath(createPath, record.id)}
      onClick={stopRowClick}
      variant="contained"
    >
      <SellIcon />
    </Button>
  );
}
