import KeyIcon from '@mui/icons-material/VpnKey';
import { Button, useCreatePath, useRecordContext } from 'react-admin';

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
    <Button to={to} label="resources.keys.actions.of_offer" onClick={(e) => e.stopPropagation()}>
      <KeyIcon />
    </Button>
  );
}
