import type Handlebars from 'handlebars';

/**
 * The pieces several mails share, as Handlebars partials (`{{> button label="…"}}`): HTML and text
 * versions of one button, the order's lines and its totals.
 */
export const PARTIALS = {
  html: {
    button: `<p style="margin:24px 0"><a href="{{link}}" style="display:inline-block;padding:12px 20px;background:#1f6feb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">{{t label}}</a></p>`,
    lines: `<table role="presentation" width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px;margin:16px 0">
<tr style="border-bottom:1px solid #e4e7eb;text-align:left"><th>{{t "common.product"}}</th><th align="right">{{t "common.quantity"}}</th><th align="right">{{t "common.price"}}</th></tr>
{{#each lines}}<tr style="border-bottom:1px solid #e4e7eb"><td>{{name}}{{#if vatRateBps}}<br><span style="color:#616e7c;font-size:12px">{{t "common.vatRate" rate=(percent vatRateBps)}}</span>{{else}}<br><span style="color:#616e7c;font-size:12px">{{t "common.zeroVat"}}</span>{{/if}}</td><td align="right">{{quantity}}</td><td align="right">{{money totalCents ../currency}}</td></tr>
{{/each}}</table>`,
    totals: `<table role="presentation" width="100%" cellpadding="4" cellspacing="0" style="font-size:14px">
<tr><td>{{t "common.subtotal"}}</td><td align="right">{{money totals.subtotal currency}}</td></tr>
{{#if totals.discount}}<tr><td>{{t "common.discount"}}</td><td align="right">−{{money totals.discount currency}}</td></tr>{{/if}}
<tr><td><strong>{{t "common.total"}}</strong></td><td align="right"><strong>{{money totals.total currency}}</strong></td></tr>
<tr><td style="color:#616e7c">{{t "common.vatIncluded"}}</td><td align="right" style="color:#616e7c">{{money totals.vat currency}}</td></tr>
</table>`,
  },
  text: {
    button: `{{t label}}: {{link}}`,
    lines: `{{#each lines}}- {{name}} × {{quantity}}: {{money totalCents ../currency}} ({{#if vatRateBps}}{{t "common.vatRate" rate=(percent vatRateBps)}}{{else}}{{t "common.zeroVat"}}{{/if}})
{{/each}}`,
    totals: `{{t "common.subtotal"}}: {{money totals.subtotal currency}}
{{#if totals.discount}}{{t "common.discount"}}: −{{money totals.discount currency}}
{{/if}}{{t "common.total"}}: {{money totals.total currency}} ({{t "common.vatIncluded"}} {{money totals.vat currency}})`,
  },
} as const;

export function registerPartials(html: typeof Handlebars, text: typeof Handlebars): void {
  for (const [name, source] of Object.entries(PARTIALS.html)) html.registerPartial(name, source);
  for (const [name, source] of Object.entries(PARTIALS.text)) text.registerPartial(name, source);
}
