import { ConversationThread } from '@market/console-kit';
import { Card, CardContent } from '@mui/material';

/**
 * The seller's conversation with the buyer of one order: dropped into any page that knows the
 * order (the conversation's own page, a sale's detail).
 */
export function OrderChat({ orderId }: { orderId: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <ConversationThread id={orderId} self="seller" />
      </CardContent>
    </Card>
  );
}
