import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import type { ResourceProps } from 'react-admin';
import { ExchangeRateEdit } from './ExchangeRateEdit.tsx';
import { ExchangeRateList } from './ExchangeRateList.tsx';

/** The `exchange-rates` resource, spread into `<Resource name="exchange-rates" />`. */
export default {
  list: ExchangeRateList,
  edit: ExchangeRateEdit,
  icon: CurrencyExchangeIcon,
  recordRepresentation: 'id',
} satisfies Omit<ResourceProps, 'name'>;
