import BlockIcon from '@mui/icons-material/Block';
import type { ResourceProps } from 'react-admin';
import { BlocklistCreate } from './BlocklistCreate.tsx';
import { BlocklistList } from './BlocklistList.tsx';

/** The `blocklist` resource, spread into `<Resource name="blocklist" />`. */
export default {
  list: BlocklistList,
  create: BlocklistCreate,
  icon: BlockIcon,
  recordRepresentation: 'value',
} satisfies Omit<ResourceProps, 'name'>;
