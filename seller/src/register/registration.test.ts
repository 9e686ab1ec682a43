import { describe, expect, it, vi } from 'vitest';
import {
  ADD_SELLER_URL,
  submitSellerApplication,
  toRegistration,
  validateRegistration,
  type SellerRegistration,
} from './registration.ts';

const GOOD: SellerRegistration = {
  email: 'shop@example.com',
  name: 'Pixel Keys',
  registrationName: 'Pixel Keys S.r.l.',
  vatNumber: 'IT01234567890',
  image: null,
  password: 's3cret!',
};

const answering = (response: Response) => vi.fn<typeof fetch>().mockResolvedValue(response);

describe('toRegistration', () => {
  it('trims, writes the VAT number without spaces in capitals and turns no image into null', () => {
    expect(
      toRegistration({
        email: ' shop@example.com ',
        name: ' Pixel Keys',
        registrationName: 'Pixel Keys S.r.l. ',
        vatNumber: 'it 0123 4567 890',
        image: '  ',
        password: ' s3cret! ',
      }),
    ).toEqual({ ...GOOD, password: ' s3cret! ' });
  });
});

describe('validateRegistration', () => {
  it('accepts a complete application', () => {
    expect(validateRegistration(GOOD)).toEqual({});
  });

  it('names each bad field with its translation key', () => {
    expect(
      validateRegistration({
        ...GOOD,
        email: 'nope',
        vatNumber: '12345',
        image: 'logo',
        password: '1',
      }),
    ).toEqual({
      email: 'app.register.errors.email',
      vatNumber: 'app.register.errors.vatNumber',
      image: 'app.register.errors.image',
      password: 'app.register.errors.password',
    });
    expect(validateRegistration({})).toMatchObject({
      name: 'app.register.errors.name',
      registrationName: 'app.register.errors.registrationName',
    });
  });
});

describe('submitSellerApplication', () => {
  const captcha = async () => 'captcha-token';

  it('posts { id: null, seller, tokenRecaptcha } as JSON without a sign-in token', async () => {
    const fetchSpy = answering(Response.json({ id: 'pixel-keys-1a2b3c' }, { status: 201 }));
    await expect(submitSellerApplication(GOOD, fetchSpy, captcha)).resolves.toEqual({
      ok: true,
      sellerId: 'pixel-keys-1a2b3c',
    });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(ADD_SELLER_URL);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      id: null,
      seller: GOOD,
      tokenRecaptcha: 'captcha-token',
    });
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it("maps the API's field errors (seller.vatNumber) onto the form's fields", async () => {
    const fetchSpy = answering(
      Response.json(
        {
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid',
          errors: { 'seller.vatNumber': 'Invalid', 'seller.unknown': 'x' },
        },
        { status: 400 },
      ),
    );
    await expect(submitSellerApplication(GOOD, fetchSpy, captcha)).resolves.toEqual({
      ok: false,
      fieldErrors: { vatNumber: 'app.register.errors.vatNumber' },
    });
  });

  it('puts "email already used" on the email field', async () => {
    const fetchSpy = answering(
      Response.json(
        { code: 'CONFLICT', message: 'exists', providerCode: 'auth/email-already-exists' },
        { status: 409 },
      ),
    );
    await expect(submitSellerApplication(GOOD, fetchSpy, captcha)).resolves.toEqual({
      ok: false,
      fieldErrors: { email: 'app.register.errors.email_taken' },
    });
  });

  it('tells a failure without field errors and a network failure apart', async () => {
    const serverError = answering(
      Response.json({ code: 'INTERNAL', message: 'Something went wrong' }, { status: 500 }),
    );
    await expect(submitSellerApplication(GOOD, serverError, captcha)).resolves.toEqual({
      ok: false,
      messageKey: 'app.register.errors.failed',
    });
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(submitSellerApplication(GOOD, offline, captcha)).resolves.toEqual({
      ok: false,
      messageKey: 'app.register.errors.network',
    });
  });
});
