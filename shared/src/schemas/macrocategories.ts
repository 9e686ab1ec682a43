import { z } from 'zod';
import { LocalizedNameSchema } from './reference-names.ts';

/**
 * Macrocategories: genres or themes across categories (`/api/admin/macrocategories`, and in the
 * storefront's state). The id is the slug of the English name.
 */

/** A macrocategory as the storefront gets it: named in the requested locale. */
export const MacrocategorySchema = z.object({ id: z.string(), name: z.string() });
export type Macrocategory = z.infer<typeof MacrocategorySchema>;

/** A macrocategory as the admin console reads it. */
export const AdminMacrocategorySchema = z.object({ id: z.string(), name: LocalizedNameSchema });
export type AdminMacrocategory = z.infer<typeof AdminMacrocategorySchema>;

/** Create and update of a macrocategory; the id is the slug of the English name, set once. */
export const MacrocategoryWriteSchema = z.object({ name: LocalizedNameSchema });
export type MacrocategoryWrite = z.infer<typeof MacrocategoryWriteSchema>;
