import { BLOCKLIST_KINDS } from '@market/shared';

export const KIND_CHOICES = BLOCKLIST_KINDS.map((kind) => ({
  id: kind,
  name: `resources.blocklist.kinds.${kind}`,
}));
