import SellIcon from '@mui/icons-material/Sell';
import type { ResourceProps } from 'react-admin';
import { OfferEdit } from './OfferEdit.tsx';
import { OfferList } from './OfferList.tsx';

/** The admin's `offers` resource (every seller's), spread into `<Resource name="offers" />`. */
export default {
  list: OfferList,
  edit: OfferEdit,
  icon: SellIcon,
  recordRepresentation: 'productName',
} satisfies Omit<ResourceProps, 'name'>;
