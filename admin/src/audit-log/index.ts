import HistoryIcon from '@mui/icons-material/History';
import type { ResourceProps } from 'react-admin';
import { AuditLogList } from './AuditLogList.tsx';
import { AuditLogShow } from './AuditLogShow.tsx';

/** The read-only `audit-log` resource, spread into `<Resource name="audit-log" />`. */
export default {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  recordRepresentation: 'action',
} satisfies Omit<ResourceProps, 'name'>;
