import StoreIcon from '@mui/icons-material/Store';
import type { ResourceProps } from 'react-admin';
import { CatalogueList } from './CatalogueList.tsx';

/** The read-only `products` resource: the catalogue a seller sells on. */
export default {
  list: CatalogueList,
  icon: StoreIcon,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
