import { z } from 'zod';

export const REGIONS = ['Global', 'ROW'] as const;
export type Region = (typeof REGIONS)[number];
export const RegionSchema = z.enum(REGIONS);
