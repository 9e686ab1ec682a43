import { LOCALES, type Locale } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { en } from './messages.en.ts';
import { MESSAGES } from './messages.ts';
import {
  MAIL_TEMPLATES,
  orderDeliveredMail,
  sellerSaleMail,
  type TemplatedMail,
} from './templates.ts';

const shop = { name: 'Pixel & Co', logoUrl: null, origin: 'https://shop.example' };

describe('mail templates', () => {
  it('has every text in every language, none empty', () => {
    for (const locale of LOCALES) {
      const texts = MESSAGES[locale] as Record<string, string>;
      expect(Object.keys(texts).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(texts)) expect(text.trim(), key).not.toBe('');
    }
  });

  for (const template of MAIL_TEMPLATES) {
    it(`writes ${template.name} in both languages with every field`, () => {
      // Each template with its own example (the union of templates cannot type the pair).
      const write = template.write as (l: Locale, s: typeof shop, d: object) => TemplatedMail;
      const written = LOCALES.map((locale) => write(locale, shop, template.example));
      for (const [i, mail] of written.entries()) {
        expect(mail.kind).toBe(template.kind);
        expect(mail.locale).toBe(LOCALES[i]);
        expect(mail.html).toContain(`<html lang="${LOCALES[i]}">`);
        for (const body of [mail.subject, mail.text, mail.html]) {
          expect(body).not.toMatch(/\{\{|undefined|\[object Object\]|NaN/);
        }
        // The shop signs every mail, in both versions.
        expect(mail.text).toContain('Pixel & Co');
        expect(mail.html).toContain('Pixel &amp; Co');
      }
      // Written in each language, not English twice.
      expect(written[0]!.subject).not.toBe(written[1]!.subject);
      expect(written[0]!.text).not.toBe(written[1]!.text);
    });
  }

  it('fails on a field a text reads and the data lacks (the types check block fields)', () => {
    const withoutNumber: Partial<typeof orderDeliveredMail.example> = {
      ...orderDeliveredMail.example,
    };
    delete withoutNumber.number;
    expect(() => orderDeliveredMail.write('it', shop, withoutNumber as never)).toThrow(/number/);
  });

  it('shows the delivery in Italian: lines, totals with VAT, money and the trader details', () => {
    const written = orderDeliveredMail.write('it', shop, orderDeliveredMail.example);
    // Intl puts a no-break space between amount and symbol.
    const mail = { ...written, text: written.text.replaceAll('\u00a0', ' ') };
    expect(mail.subject).toBe('Il tuo ordine A-1042 è pronto');
    expect(mail.text).toContain('Hollow Knight (Steam) × 2: 29,98 € (IVA 22%)');
    expect(mail.text).toContain('Totale: 49,98 € (di cui IVA 4,50 €)');
    expect(mail.text).toContain('Pixel Keys S.r.l., partita IVA IT01234567890');
    expect(mail.html).toContain('Vedi le tue chiavi');
  });

  it('escapes what users wrote in the HTML and keeps it as written in the text', () => {
    const data = {
      ...sellerSaleMail.example,
      lines: [
        { name: '<img src=x onerror=alert(1)>', quantity: 1, totalCents: 100, vatRateBps: 0 },
      ],
    };
    const mail = sellerSaleMail.write('en', shop, data);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src&#x3D;x');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('puts the shop logo on top when one is set', () => {
    const logo = 'https://cdn.example/logo.png';
    const mail = sellerSaleMail.write('en', { ...shop, logoUrl: logo }, sellerSaleMail.example);
    expect(mail.html).toContain(`<img src="${logo}" alt="Pixel &amp; Co"`);
  });
});
