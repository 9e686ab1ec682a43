import { Create, Edit } from 'react-admin';
import { SynonymForm, toSynonymBody } from './SynonymForm.tsx';

/** Edits a synonym; searches on every instance apply it within seconds. */
export function SynonymEdit() {
  return (
    <Edit transform={toSynonymBody} mutationMode="pessimistic" redirect="list">
      <SynonymForm />
    </Edit>
  );
}

/** A new synonym. */
export function SynonymCreate() {
  return (
    <Create transform={toSynonymBody} redirect="list">
      <SynonymForm />
    </Create>
  );
}
