import KeyIcon from '@mui/icons-material/VpnKey';
import { RelatedListButton } from '@market/console-kit';

/** Opens the keys list filtered to the offer in context. */
export function OfferKeysButton() {
  return (
    <RelatedListButton
      reference="keys"
      target="offerId"
      label="resources.offers.actions.keys"
      icon={<KeyIcon />}
    />
  );
}
