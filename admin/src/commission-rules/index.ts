import PercentIcon from '@mui/icons-material/Percent';
import type { ResourceProps } from 'react-admin';
import { CommissionRuleCreate, CommissionRuleEdit } from './CommissionRuleEdit.tsx';
import { CommissionRuleList } from './CommissionRuleList.tsx';

/** The `commission-rules` resource, spread into `<Resource name="commission-rules" />`. */
export default {
  list: CommissionRuleList,
  create: CommissionRuleCreate,
  edit: CommissionRuleEdit,
  icon: PercentIcon,
} satisfies Omit<ResourceProps, 'name'>;
