import StorefrontIcon from '@mui/icons-material/Storefront';
import type { ResourceProps } from 'react-admin';
import { ShopProfile } from './ShopProfile.tsx';

/**
 * The seller's `shop` resource: one record, their own shop (`/api/seller/shop/me`), edited on
 * the resource's page so it shows in the menu.
 */
export default {
  list: ShopProfile,
  icon: StorefrontIcon,
} satisfies Omit<ResourceProps, 'name'>;
