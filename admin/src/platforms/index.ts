import DevicesIcon from '@mui/icons-material/Devices';
import type { ResourceProps } from 'react-admin';
import { PlatformCreate, PlatformEdit } from './PlatformForm.tsx';
import { PlatformList } from './PlatformList.tsx';

/** The `platforms` resource, spread into `<Resource name="platforms" />`. */
export default {
  list: PlatformList,
  create: PlatformCreate,
  edit: PlatformEdit,
  icon: DevicesIcon,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
