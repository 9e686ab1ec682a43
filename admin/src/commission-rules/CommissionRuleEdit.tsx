import { Create, Edit } from 'react-admin';
import { toCommissionBody } from './commission-form.ts';
import { CommissionRuleForm } from './CommissionRuleForm.tsx';

const DEFAULTS = { rateBps: 500, feeCents: { eur: 30, usd: 30, gbp: 30 }, note: '' };

/** A new rule; the list opens afterwards. */
export function CommissionRuleCreate() {
  return (
    <Create transform={toCommissionBody} redirect="list">
      <CommissionRuleForm defaultValues={DEFAULTS} />
    </Create>
  );
}

/** Edits a rule; sales made already keep the terms recorded on them. */
export function CommissionRuleEdit() {
  return (
    <Edit transform={toCommissionBody} mutationMode="pessimistic" redirect="list">
      <CommissionRuleForm />
    </Edit>
  );
}
