import SellIcon from '@mui/icons-material/Sell';
import type { ResourceProps } from 'react-admin';
import { OfferCreate } from './OfferCreate.tsx';
import { OfferEdit } from './OfferEdit.tsx';
import { OfferList } from './OfferList.tsx';

/** The seller's `offers` resource, spread into `<Resource name="offers" />`. */
export default {
  list: OfferList,
  edit: OfferEdit,
  create: OfferCreate,
  icon: SellIcon,
  recordRepresentation: 'productName',
} satisfies Omit<ResourceProps, 'name'>;
