import { DeleteButton, SaveButton, Toolbar } from 'react-admin';

/**
 * Save, and on edit a delete that waits for the API: deleting reference data that products still
 * use is refused (409), and the admin sees why instead of an undo that silently fails.
 */
export function ReferenceToolbar({ canDelete = true }: { canDelete?: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}
