import Icon from '@mui/icons-material/LocalOffer';
import { LocalizedTextField } from '@market/console-kit';
import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { TagCreate, TagEdit } from './TagForm.tsx';
import { TagList } from './TagList.tsx';

/** The `tags` resource, spread into `<Resource name="tags" />`. */
export default {
  list: TagList,
  create: TagCreate,
  edit: TagEdit,
  icon: Icon,
  // An element, not a string: references show the name in the active locale.
  recordRepresentation: createElement(LocalizedTextField, { source: 'name' }),
} satisfies Omit<ResourceProps, 'name'>;
