import Icon from '@mui/icons-material/Label';
import { MacrocategoryWriteSchema } from '@market/shared';
import { localizedNameResource } from '../categories/localized-name-resource.tsx';

/** The `macrocategories` resource, spread into `<Resource name="macrocategories" />`. */
export default localizedNameResource(Icon, MacrocategoryWriteSchema);
