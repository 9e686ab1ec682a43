import type { MouseEvent, ReactElement } from 'react';
import { Button, LinkBase, useCreatePath, useRecordContext } from 'react-admin';

export interface RelatedListButtonProps {
  /** The resource whose list opens (`keys`). */
  reference: string;
  /** Its field holding the id of the record in context (`offerId`). */
  target: string;
  /** Translation key of the button. */
  label: string;
  icon: ReactElement;
}

/**
 * A link to another resource's list filtered to the record in context (an offer's keys), as
 * `<ReferenceManyField>` names them. Clicking it in a datagrid row does not open the row.
 */
export function RelatedListButton({ reference, target, label, icon }: RelatedListButtonProps) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  if (!record) return null;
  const to = {
    pathname: createPath({ resource: reference, type: 'list' }),
    search: `?filter=${encodeURIComponent(JSON.stringify({ [target]: record.id }))}`,
  };
  return (
    <Button
      component={LinkBase}
      to={to}
      label={label}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {icon}
    </Button>
  );
}
