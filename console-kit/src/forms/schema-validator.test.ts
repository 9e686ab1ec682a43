import { describe, expect, it } from 'vitest';
import { schemaValidator, type ValidatorSchema } from './schema-validator.ts';

/** A schema that answers the given issues (what zod's safeParse reports). */
const failing = (issues: { path: PropertyKey[]; message: string }[]): ValidatorSchema => ({
  safeParse: () => ({ success: false, error: { issues } }),
});

describe('schemaValidator', () => {
  it('answers no errors for valid values', () => {
    expect(schemaValidator({ safeParse: () => ({ success: true }) })({})).toEqual({});
  });

  it('nests each first message at its field, with arrays for indexes', () => {
    const validate = schemaValidator(
      failing([
        { path: ['name', 'en'], message: 'Required' },
        { path: ['name', 'en'], message: 'Too short' },
        { path: ['banners', 1, 'url'], message: 'Not a URL' },
        { path: [], message: 'Bad form' },
      ]),
    );
    expect(validate({})).toEqual({
      name: { en: 'Required' },
      banners: [undefined, { url: 'Not a URL' }],
      _: 'Bad form',
    });
  });
});
