import type { ChipProps } from '@mui/material';
import type { Role } from '@market/shared';

/** Role chip colours: admins and sellers stand out from plain users. */
export const ROLE_COLORS: Readonly<Record<Role, ChipProps['color']>> = {
  user: 'default',
  seller: 'primary',
  admin: 'secondary',
};

/** "Ada Lovelace", or just the name when there is no surname. */
export function fullName(user: { name?: unknown; surname?: unknown }): string {
  return [user.name, user.surname]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
}
