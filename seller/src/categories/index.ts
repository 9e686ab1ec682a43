import CategoryIcon from '@mui/icons-material/Category';
import { LocalizedTextField } from '@market/console-kit';
import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { CategoryList } from './CategoryList.tsx';

/** The read-only `categories` resource, spread into `<Resource name="categories" />`. */
export default {
  list: CategoryList,
  icon: CategoryIcon,
  // An element, not a string: references to a category show its name in the active locale.
  recordRepresentation: createElement(LocalizedTextField, { source: 'name' }),
} satisfies Omit<ResourceProps, 'name'>;
