import LightbulbIcon from '@mui/icons-material/Lightbulb';
import type { ResourceProps } from 'react-admin';
import { ProposalList } from './ProposalList.tsx';
import { ProposalShow } from './ProposalShow.tsx';

/** The `product-proposals` resource, spread into `<Resource name="product-proposals" />`. */
export default {
  list: ProposalList,
  show: ProposalShow,
  icon: LightbulbIcon,
  recordRepresentation: (record: { name?: { en?: string } }) => record.name?.en ?? '',
} satisfies Omit<ResourceProps, 'name'>;
