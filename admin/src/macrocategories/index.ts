import Icon from '@mui/icons-material/Label';
import { LocalizedTextField } from '@market/console-kit';
import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { MacrocategoryCreate, MacrocategoryEdit } from './MacrocategoryForm.tsx';
import { MacrocategoryList } from './MacrocategoryList.tsx';

/** The `macrocategories` resource, spread into `<Resource name="macrocategories" />`. */
export default {
  list: MacrocategoryList,
  create: MacrocategoryCreate,
  edit: MacrocategoryEdit,
  icon: Icon,
  // An element, not a string: references show the name in the active locale.
  recordRepresentation: createElement(LocalizedTextField, { source: 'name' }),
} satisfies Omit<ResourceProps, 'name'>;
