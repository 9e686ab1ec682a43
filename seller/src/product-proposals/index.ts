import LightbulbIcon from '@mui/icons-material/Lightbulb';
import type { ResourceProps } from 'react-admin';
import { ProposalCreate } from './ProposalCreate.tsx';
import { ProposalList } from './ProposalList.tsx';
import { ProposalShow } from './ProposalShow.tsx';

/** The seller's `product-proposals`: propose a product, follow the decision. */
export default {
  list: ProposalList,
  show: ProposalShow,
  create: ProposalCreate,
  icon: LightbulbIcon,
  recordRepresentation: (record: { name?: { en?: string } }) => record.name?.en ?? '',
} satisfies Omit<ResourceProps, 'name'>;
