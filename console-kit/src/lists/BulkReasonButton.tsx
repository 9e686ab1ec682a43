import type { Identifier } from 'react-admin';
import { useListContext, useNotify } from 'react-admin';
import {
  ReasonConfirmButton,
  type ReasonConfirmButtonProps,
} from '../actions/ReasonConfirmButton.tsx';
import { runForEach, type BulkOutcome } from './bulk.ts';

export interface BulkReasonButtonProps extends Omit<
  ReasonConfirmButtonProps,
  'action' | 'successMessage' | 'conflictMessage' | 'onSuccess'
> {
  /** The per-record action (an existing endpoint), run for each selected id with the reason. */
  action: (id: Identifier, reason: string) => Promise<unknown>;
}

/**
 * A datagrid bulk action: the same confirmation (and reason) as the per-record button, then the
 * action for every selected record; a notification says how many succeeded and failed (a record
 * whose state no longer allows it fails alone). The selection is cleared and the list reloaded.
 */
export function BulkReasonButton({ action, titleOptions, ...dialog }: BulkReasonButtonProps) {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  return (
    <ReasonConfirmButton
      {...dialog}
      titleOptions={{ smart_count: selectedIds.length, ...titleOptions }}
      action={(reason) => runForEach(selectedIds, (id) => action(id, reason))}
      successMessage="app.bulk.done"
      conflictMessage="app.bulk.done"
      onSuccess={(result) => {
        const { succeeded, failed } = result as BulkOutcome;
        notify('app.bulk.done', {
          type: failed.length > 0 ? 'warning' : 'info',
          messageArgs: { succeeded: succeeded.length, failed: failed.length },
        });
        onUnselectItems();
      }}
    />
  );
}
