import { z } from 'zod';
import { ACTIVATION_REGIONS, isCountryCode, REGIONS } from '../constants/regions.ts';

/** The spec's product regions (constants/regions.ts). */
export const RegionSchema = z.enum(REGIONS);

/** A buyer's country: an ISO 3166-1 alpha-2 code in capitals. */
export const CountryCodeSchema = z
  .string()
  .refine(isCountryCode, 'An ISO 3166-1 alpha-2 country code');

/** Where an offer's key activates (constants/regions.ts). */
export const ActivationRegionSchema = z.enum(ACTIVATION_REGIONS);
