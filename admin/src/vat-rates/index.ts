import VatIcon from '@mui/icons-material/Percent';
import type { ResourceProps } from 'react-admin';
import { VatRateCreate } from './VatRateCreate.tsx';
import { VatRateList } from './VatRateList.tsx';

/** The `vat-rates` resource, spread into `<Resource name="vat-rates" />`. */
export default {
  list: VatRateList,
  create: VatRateCreate,
  icon: VatIcon,
  recordRepresentation: (r: { country: string; from: string }) => `${r.country} ${r.from}`,
} satisfies Omit<ResourceProps, 'name'>;
