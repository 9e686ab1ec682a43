import Icon from '@mui/icons-material/LocalOffer';
import { TagWriteSchema } from '@market/shared';
import { localizedNameResource } from '../categories/localized-name-resource.tsx';

/** The `tags` resource, spread into `<Resource name="tags" />`. */
export default localizedNameResource(Icon, TagWriteSchema);
