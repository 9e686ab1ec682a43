import CategoryIcon from '@mui/icons-material/Category';
import { LocalizedTextField } from '@market/console-kit';
import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { CategoryEdit } from './CategoryEdit.tsx';
import { CategoryList } from './CategoryList.tsx';
import { CategoryShow } from './CategoryShow.tsx';

/** The `categories` resource, spread into `<Resource name="categories" />`. */
export default {
  list: CategoryList,
  show: CategoryShow,
  edit: CategoryEdit,
  icon: CategoryIcon,
  // An element, not a string: references to a category show its name in the active locale.
  recordRepresentation: createElement(LocalizedTextField, { source: 'name' }),
} satisfies Omit<ResourceProps, 'name'>;
