import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { UserList } from './UserList.tsx';
import { UserEdit } from './UserEdit.tsx';
import { UserShow } from './UserShow.tsx';

/** The `users` resource, spread into `<Resource name="users" />`. */
export default {
  list: UserList,
  show: UserShow,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: 'email',
} satisfies Omit<ResourceProps, 'name'>;
