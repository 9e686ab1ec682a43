import { REVIEW_REPLY_MAX_LENGTH, type SellerReview } from '@market/shared';
import {
  DateField,
  Edit,
  Labeled,
  maxLength,
  NumberField,
  required,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';

/** The reply box while there is no reply; the reply, read-only, once there is one. */
function ReplyInput() {
  const record = useRecordContext<SellerReview>();
  if (record?.reply) {
    return (
      <Labeled source="reply.text">
        <TextField source="reply.text" />
      </Labeled>
    );
  }
  return (
    <TextInput
      source="replyText"
      label="resources.reviews.fields.replyText"
      helperText="resources.reviews.reply_help"
      multiline
      minRows={3}
      fullWidth
      validate={[required(), maxLength(REVIEW_REPLY_MAX_LENGTH)]}
    />
  );
}

function ReplyToolbar() {
  const record = useRecordContext<SellerReview>();
  return (
    <Toolbar>{record?.reply ? <span /> : <SaveButton label="resources.reviews.send" />}</Toolbar>
  );
}

/** A review of the seller's sale and the seller's one reply (`PUT /api/seller/reviews/:id`). */
export function ReviewEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={(data: { replyText?: string }) => ({ reply: data.replyText ?? '' })}
    >
      <SimpleForm toolbar={<ReplyToolbar />}>
        <Labeled source="productName">
          <TextField source="productName" />
        </Labeled>
        <Labeled source="rating">
          <NumberField source="rating" />
        </Labeled>
        <Labeled source="text">
          <TextField source="text" />
        </Labeled>
        <Labeled source="authorName">
          <TextField source="authorName" />
        </Labeled>
        <Labeled source="createdAt">
          <DateField source="createdAt" showTime />
        </Labeled>
        <ReplyInput />
      </SimpleForm>
    </Edit>
  );
}
