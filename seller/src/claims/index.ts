import ClaimIcon from '@mui/icons-material/ReportProblem';
import type { ResourceProps } from 'react-admin';
import { ClaimList } from './ClaimList.tsx';
import { ClaimShow } from './ClaimShow.tsx';

/** The `claims` resource: buyers' reports of defective keys, answered here. */
export default {
  list: ClaimList,
  show: ClaimShow,
  icon: ClaimIcon,
} satisfies Omit<ResourceProps, 'name'>;
