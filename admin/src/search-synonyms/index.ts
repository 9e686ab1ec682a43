import SynonymIcon from '@mui/icons-material/ManageSearch';
import type { ResourceProps } from 'react-admin';
import { SynonymCreate, SynonymEdit } from './SynonymEdit.tsx';
import { SynonymList } from './SynonymList.tsx';

/** The `search-synonyms` resource, spread into `<Resource name="search-synonyms" />`. */
export default {
  list: SynonymList,
  edit: SynonymEdit,
  create: SynonymCreate,
  icon: SynonymIcon,
  recordRepresentation: 'term',
} satisfies Omit<ResourceProps, 'name'>;
