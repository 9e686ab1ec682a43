import DisputeIcon from '@mui/icons-material/Gavel';
import type { ResourceProps } from 'react-admin';
import { DisputeList } from './DisputeList.tsx';
import { DisputeShow } from './DisputeShow.tsx';

/** The `disputes` resource (read-only: providers open them, the shop answers), into `<Resource />`. */
export default {
  list: DisputeList,
  show: DisputeShow,
  icon: DisputeIcon,
  recordRepresentation: 'disputeId',
} satisfies Omit<ResourceProps, 'name'>;
