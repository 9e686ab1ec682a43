import KeyIcon from '@mui/icons-material/VpnKey';
import WebhookIcon from '@mui/icons-material/Webhook';
import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceProps } from 'react-admin';
import { ApiTokenCreate } from './ApiTokenCreate.tsx';
import { ApiTokenList } from './ApiTokenList.tsx';
import { WebhookCreate } from './WebhookCreate.tsx';
import { WebhookDeliveryList } from './WebhookDeliveryList.tsx';
import { WebhookDeliveryShow } from './WebhookDeliveryShow.tsx';
import { WebhookEdit } from './WebhookEdit.tsx';
import { WebhookList } from './WebhookList.tsx';

/** `api-tokens`: machine access to the seller API (docs/seller-api.md). */
export const apiTokens = {
  list: ApiTokenList,
  create: ApiTokenCreate,
  icon: KeyIcon,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;

/** `webhooks`: the seller's endpoints. */
export const webhooks = {
  list: WebhookList,
  create: WebhookCreate,
  edit: WebhookEdit,
  icon: WebhookIcon,
  recordRepresentation: 'url',
} satisfies Omit<ResourceProps, 'name'>;

/** `webhook-deliveries`: the delivery log, with resend. */
export const webhookDeliveries = {
  list: WebhookDeliveryList,
  show: WebhookDeliveryShow,
  icon: OutboxIcon,
} satisfies Omit<ResourceProps, 'name'>;
