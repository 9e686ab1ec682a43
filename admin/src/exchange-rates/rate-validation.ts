import { ExchangeRateUpdateSchema } from '@market/shared';
import type { Validator } from 'react-admin';

/** The rate input's check: the API's own rule (0 < rate ≤ 1000), with a translated message. */
export const validateRate: Validator = (value: unknown) =>
  ExchangeRateUpdateSchema.shape.rate.safeParse(value).success
    ? undefined
    : 'resources.exchange-rates.errors.rate';
