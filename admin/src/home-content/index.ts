import HomeIcon from '@mui/icons-material/Home';
import type { ResourceProps } from 'react-admin';
import { HomeContentEdit } from './HomeContentEdit.tsx';
import { HomeContentList } from './HomeContentList.tsx';

/** The `home-content` singleton: one record, `home`, edited in place. */
export default {
  list: HomeContentList,
  edit: HomeContentEdit,
  icon: HomeIcon,
} satisfies Omit<ResourceProps, 'name'>;
