import KeyIcon from '@mui/icons-material/VpnKey';
import type { MouseEvent } from 'react';
import { Button, LinkBase, useCreatePath, useRecordContext } from 'react-admin';

/** Opens the seller's keys list filtered to the offer in context. */
export function OfferKeysButton() {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  const to = {
    pathname: createPath({ resource: 'keys', type: 'list' }),
    search: `?filter=${encodeURIComponent(JSON.stringify({ offerId: record.id }))}`,
  };
  return (
    <Button
      component={LinkBase}
      to={to}
      label="resources.keys.actions.of_offer"
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      <KeyIcon />
    </Button>
  );
}
