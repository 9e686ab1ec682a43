import { loadClientConfig } from '@market/console-kit';
import { ApiErrorSchema, SellerRegistrationSchema, type AddSeller } from '@market/shared';
import { recaptchaToken } from '@market/shared/recaptcha-client';

/** A seller's trader data and password, as `POST …/addseller` takes them under `seller`. */
export type SellerRegistration = AddSeller['seller'];

/** `POST` here to apply; open to guests, so it goes out without a token. */
export const ADD_SELLER_URL = '/api/seller/profile/addseller';

/** The registration form's fields, in the order they are shown. */
export const REGISTRATION_FIELDS = [
  'email',
  'name',
  'registrationName',
  'vatNumber',
  'image',
  'password',
] as const satisfies readonly (keyof SellerRegistration)[];
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** Translation key of the message shown under a field the API (or the schema) refused. */
export const fieldErrorKey = (field: RegistrationField) => `app.register.errors.${field}`;
export const EMAIL_TAKEN_KEY = 'app.register.errors.email_taken';
export const SEND_FAILED_KEY = 'app.register.errors.failed';
export const NETWORK_ERROR_KEY = 'app.register.errors.network';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The form's values as the API expects them: trimmed, the VAT number without spaces and in
 * capitals (`it 0123 4567 890` → `IT01234567890`), an empty image as null.
 */
export function toRegistration(values: Readonly<Record<string, unknown>>): SellerRegistration {
  return {
    email: text(values['email']),
    name: text(values['name']),
    registrationName: text(values['registrationName']),
    vatNumber: text(values['vatNumber']).replace(/\s+/g, '').toUpperCase(),
    image: text(values['image']) || null,
    password: typeof values['password'] === 'string' ? values['password'] : '',
  };
}

function isRegistrationField(name: unknown): name is RegistrationField {
  return (REGISTRATION_FIELDS as readonly unknown[]).includes(name);
}

/** react-admin form validation with SellerRegistrationSchema: a translated message per bad field. */
export function validateRegistration(
  values: Readonly<Record<string, unknown>>,
): Partial<Record<RegistrationField, string>> {
  const parsed = SellerRegistrationSchema.safeParse(toRegistration(values));
  const errors: Partial<Record<RegistrationField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (isRegistrationField(field)) errors[field] = fieldErrorKey(field);
  }
  return errors;
}

/** How sending an application went. */
export type ApplyOutcome =
  | { ok: true; sellerId: string }
  | { ok: false; fieldErrors: Partial<Record<RegistrationField, string>> }
  | { ok: false; messageKey: string };

/** The API's field paths (`seller.vatNumber`) as the form's fields, each with its message key. */
function formFieldErrors(errors: Readonly<Record<string, string>> | undefined) {
  const fieldErrors: Partial<Record<RegistrationField, string>> = {};
  for (const path of Object.keys(errors ?? {})) {
    const field = path.replace(/^seller\./, '');
    if (isRegistrationField(field)) fieldErrors[field] = fieldErrorKey(field);
  }
  return fieldErrors;
}

/**
 * Sends the application (`{ id: null, seller, tokenRecaptcha }`) with plain fetch, no sign-in
 * token; the reCAPTCHA token proves a person sent it (the test token offline).
 */
export async function submitSellerApplication(
  seller: SellerRegistration,
  fetchImpl: typeof fetch = fetch,
  captcha: () => Promise<string> = async () =>
    recaptchaToken((await loadClientConfig()).recaptchaSiteKey, 'seller_application'),
): Promise<ApplyOutcome> {
  let response: Response;
  try {
    const body: AddSeller = { id: null, seller, tokenRecaptcha: await captcha() };
    response = await fetchImpl(ADD_SELLER_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, messageKey: NETWORK_ERROR_KEY };
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const id = typeof json === 'object' && json !== null && 'id' in json ? json.id : '';
    return { ok: true, sellerId: typeof id === 'string' ? id : '' };
  }
  const error = ApiErrorSchema.safeParse(json);
  if (error.success && error.data.providerCode === 'auth/email-already-exists') {
    return { ok: false, fieldErrors: { email: EMAIL_TAKEN_KEY } };
  }
  const fieldErrors = formFieldErrors(error.success ? error.data.errors : undefined);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: false, messageKey: SEND_FAILED_KEY };
}
