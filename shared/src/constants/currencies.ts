import { z } from 'zod';

export const CURRENCIES = ['eur', 'usd', 'gbp'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);
export const CURRENCY_SYMBOLS: Record<Currency, string> = { eur: '€', usd: '$', gbp: '£' };
