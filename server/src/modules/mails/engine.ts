import Handlebars from 'handlebars';
import type { Locale } from '@market/shared';
import { MESSAGES, type MessageKey } from './messages.ts';
import { registerPartials } from './partials.ts';

/** The shop as every mail shows it: name and logo (SHOP_NAME, SHOP_LOGO_URL), and its address. */
export type MailShop = { name: string; logoUrl: string | null; origin: string };

/** A mail's HTML and text bodies, Handlebars templates that read their texts through `t`. */
export type MailBody = { html: string; text: string };

export type RenderedMail = { subject: string; html: string; text: string };

// Two instances: the HTML one escapes every value; the text one writes values as they are.
const html = Handlebars.create();
const text = Handlebars.create();
registerPartials(html, text);

type Frame = { locale: Locale; escape: boolean };
const frameOf = (options: Handlebars.HelperOptions): Frame =>
  (options.data as { root: { $frame: Frame } }).root.$frame;

/** A message of the recipient's language, its `{{placeholders}}` filled from the mail's data. */
const messageCache = new Map<string, HandlebarsTemplateDelegate>();
function message(key: string, options: Handlebars.HelperOptions): string {
  const frame = frameOf(options);
  const source = (MESSAGES[frame.locale] as Record<string, string>)[key];
  // A template naming a text the language lacks fails loudly: the tests render every mail.
  if (source === undefined) throw new Error(`Mail text "${key}" missing in ${frame.locale}`);
  const cacheKey = `${frame.escape ? 'h' : 't'}:${source}`;
  let compiled = messageCache.get(cacheKey);
  if (!compiled) {
    compiled = (frame.escape ? html : text).compile(source, {
      strict: true,
      noEscape: !frame.escape,
    });
    messageCache.set(cacheKey, compiled);
  }
  const root = (options.data as { root: object }).root;
  return compiled({ ...root, ...(options.hash as object) }, { data: options.data as object });
}

for (const [instance, escape] of [
  [html, true],
  [text, false],
] as const) {
  instance.registerHelper('t', (key: MessageKey, options: Handlebars.HelperOptions) => {
    const out = message(key, options);
    // The message's own values were escaped while it rendered; its words are ours.
    return escape ? new Handlebars.SafeString(out) : out;
  });
  /** Integer cents as money in the recipient's language: `{{money cents currency}}`. */
  instance.registerHelper(
    'money',
    (cents: number, currency: string, options: Handlebars.HelperOptions) =>
      new Intl.NumberFormat(frameOf(options).locale, {
        style: 'currency',
        currency: currency.toUpperCase(),
      }).format(cents / 100),
  );
  /** A date and time (UTC) in the recipient's language: `{{date at}}`. */
  instance.registerHelper('date', (at: Date | string, options: Handlebars.HelperOptions) =>
    new Intl.DateTimeFormat(frameOf(options).locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(at)),
  );
  /** VAT in basis points as a percentage: `{{percent 2200}}` → 22%. */
  instance.registerHelper('percent', (bps: number, options: Handlebars.HelperOptions) =>
    new Intl.NumberFormat(frameOf(options).locale, {
      style: 'percent',
      maximumFractionDigits: 2,
    }).format(bps / 10_000),
  );
}

/**
 * The responsive layout every HTML mail sits in: one centred 600px column that narrows with the
 * screen, inline styles only (mail clients drop `<style>` and classes), the shop's logo or name
 * on top and its name and address under the body.
 */
const HTML_LAYOUT = html.compile(
  `<!doctype html>
<html lang="{{$frame.locale}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e7eb">{{#if shop.logoUrl}}<img src="{{shop.logoUrl}}" alt="{{shop.name}}" height="40" style="height:40px;border:0">{{else}}<strong style="font-size:20px">{{shop.name}}</strong>{{/if}}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">{{{body}}}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;font-size:12px;color:#616e7c">{{shop.name}} · <a href="{{shop.origin}}" style="color:#616e7c">{{shop.origin}}</a></td></tr>
</table></td></tr></table>
</body>
</html>`,
  { strict: true },
);

const TEXT_LAYOUT = text.compile(`{{{body}}}\n\n-- \n{{shop.name}} · {{shop.origin}}\n`, {
  strict: true,
  noEscape: true,
});

const compiled = new Map<
  string,
  { html: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate }
>();

/**
 * Renders one mail in `locale`: its subject (the message `<name>.subject`), its HTML body in the
 * layout and its text body. Strict: a field the template reads and `data` lacks throws.
 */
export function render(
  name: string,
  body: MailBody,
  locale: Locale,
  shop: MailShop,
  data: object,
): RenderedMail {
  let templates = compiled.get(name);
  if (!templates) {
    templates = {
      html: html.compile(body.html, { strict: true }),
      text: text.compile(body.text, { strict: true, noEscape: true }),
    };
    compiled.set(name, templates);
  }
  const root = { ...data, shop, $frame: { locale, escape: true } };
  const subject = message(`${name}.subject`, {
    data: { root: { ...root, $frame: { locale, escape: false } } },
    hash: {},
  } as unknown as Handlebars.HelperOptions);
  const htmlBody = templates.html(root);
  const textRoot = { ...root, $frame: { locale, escape: false } };
  return {
    subject,
    html: HTML_LAYOUT({ ...root, subject, body: htmlBody }),
    text: TEXT_LAYOUT({ ...textRoot, body: templates.text(textRoot).trim() }),
  };
}
