import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import type { ResourceProps } from 'react-admin';
import { SystemPage } from './SystemPage.tsx';

/**
 * The System page, spread into `<Resource name="system" />`: a menu entry whose list is the
 * page of instances and jobs (it reads the `instances` and `jobs` resources itself).
 */
export default {
  list: SystemPage,
  icon: MonitorHeartIcon,
} satisfies Omit<ResourceProps, 'name'>;
