import { ChoiceChipField } from '@market/console-kit';
import {
  DateField,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { REVIEW_STATUS_COLORS } from './review-status.ts';
import { ReviewModerationButtons } from './ReviewModerationButtons.tsx';

function ReviewShowActions() {
  return (
    <TopToolbar>
      <ReviewModerationButtons />
    </TopToolbar>
  );
}

/** A review with its order, product and seller, the seller's reply, and the moderation buttons. */
export function ReviewShow() {
  return (
    <Show actions={<ReviewShowActions />}>
      <SimpleShowLayout>
        <ChoiceChipField
          source="status"
          labels="resources.reviews.statuses"
          colors={REVIEW_STATUS_COLORS}
        />
        <TextField source="hiddenReason" emptyText="–" />
        <NumberField source="rating" />
        <TextField source="text" />
        <TextField source="authorName" />
        <ReferenceField source="productId" reference="products" link="show">
          <TextField source="name.en" />
        </ReferenceField>
        <ReferenceField source="sellerId" reference="sellers" link="show">
          <TextField source="name" />
        </ReferenceField>
        <ReferenceField source="orderId" reference="orders" link="show">
          <TextField source="number" />
        </ReferenceField>
        <TextField source="reply.text" emptyText="–" />
        <DateField source="createdAt" showTime />
        <DateField source="moderatedAt" showTime emptyText="–" />
      </SimpleShowLayout>
    </Show>
  );
}
