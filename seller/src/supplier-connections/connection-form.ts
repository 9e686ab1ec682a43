import { schemaValidator } from '@market/console-kit';
import {
  SUPPLIER_IDS,
  SUPPLIER_NAMES,
  SupplierConnectionCreateSchema,
  SupplierConnectionUpdateSchema,
  SupplierCredentialsSchemas,
  type ConnectionStatus,
  type SellerSupplierConnection,
  type SupplierId,
} from '@market/shared';

export const SUPPLIER_CHOICES = SUPPLIER_IDS.map((id) => ({ id, name: SUPPLIER_NAMES[id] }));

/** Chip colours of a connection's status and of its breaker. */
export const CONNECTION_STATUS_COLORS = {
  ok: 'success',
  failing: 'error',
  untested: 'default',
} as const satisfies Record<ConnectionStatus, string>;
export const BREAKER_COLORS = {
  closed: 'success',
  'half-open': 'warning',
  open: 'error',
} as const satisfies Record<SellerSupplierConnection['breaker'], string>;

/** Credential fields typed as passwords: what would let someone else use the account. */
const SECRET_FIELDS = new Set(['apiKey', 'clientSecret', 'clientSignature', 'password']);

export type CredentialField = { name: string; secret: boolean; required: boolean };

/** The credential inputs a supplier needs, in the shared schema's order. */
export function credentialFields(supplier: SupplierId): CredentialField[] {
  return Object.entries(SupplierCredentialsSchemas[supplier].shape).map(([name, schema]) => ({
    name,
    secret: SECRET_FIELDS.has(name),
    required: !schema.safeParse(undefined).success,
  }));
}

const isSupplier = (value: unknown): value is SupplierId => SUPPLIER_IDS.some((id) => id === value);

type Values = Record<string, unknown>;

/** An input's text; an input never touched (or cleared) is empty, which the schema names. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The chosen supplier's credentials from the form: fields of another supplier dropped, a blank
 * optional one left out, a blank required one sent empty (so the schema says it is required).
 */
function credentialsOf(supplier: SupplierId, raw: unknown): Record<string, string> {
  const given = typeof raw === 'object' && raw !== null ? (raw as Values) : {};
  return Object.fromEntries(
    credentialFields(supplier).flatMap(({ name, required }) => {
      const value = textOf(given[name]);
      return value !== '' || required ? [[name, value]] : [];
    }),
  );
}

/** The `POST` body from the create form. */
export function toConnectionCreate(values: Values): Values {
  const { supplier } = values;
  return {
    supplier,
    label: textOf(values['label']),
    credentials: isSupplier(supplier) ? credentialsOf(supplier, values['credentials']) : {},
  };
}

/**
 * The `PUT` body from the edit form: the label, and the credentials only while "replace" is on
 * (the form keeps what was typed when it is switched off again).
 */
export function toConnectionUpdate(values: Values): Values {
  const { supplier } = values;
  return {
    supplier,
    label: textOf(values['label']),
    ...(values['replaceCredentials'] === true &&
      isSupplier(supplier) && { credentials: credentialsOf(supplier, values['credentials']) }),
  };
}

const validateCreateBody = schemaValidator(SupplierConnectionCreateSchema);
const validateUpdateBody = schemaValidator(SupplierConnectionUpdateSchema);

/** Form-level validation with the shared schemas, on the body the form will send. */
export const validateConnectionCreate = (values: Values) =>
  validateCreateBody(toConnectionCreate(values));
export const validateConnectionUpdate = (values: Values) =>
  validateUpdateBody(toConnectionUpdate(values));
