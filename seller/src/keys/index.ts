import KeyIcon from '@mui/icons-material/VpnKey';
import type { ResourceProps } from 'react-admin';
import { KeyList } from './KeyList.tsx';

/** The seller's `keys` resource (their own keys, masked), spread into `<Resource name="keys" />`. */
export default {
  list: KeyList,
  icon: KeyIcon,
  recordRepresentation: 'masked',
} satisfies Omit<ResourceProps, 'name'>;
