import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RevealedKeyCode } from '@market/shared';
import { en } from '../../i18n/en.ts';
import { it as italian } from '../../i18n/it.ts';
import ShownKeyCode from './ShownKeyCode.tsx';

/** A 1×1 PNG, as a supplier's scanned card arrives. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const render = (code: RevealedKeyCode, t = en.account.orders) =>
  renderToStaticMarkup(
    createElement(ShownKeyCode, {
      code,
      names: { n: 2, name: 'Gift Card 25' },
      onCopy: () => undefined,
      t,
    }),
  );

describe('ShownKeyCode', () => {
  it('shows an image code as the picture, described, with a download of the supplier’s file', () => {
    const html = render({
      kind: 'image',
      image: { mimeType: 'image/png', filename: 'card-7.png', base64: PNG },
    });
    expect(html).toContain(
      `<img class="code-image" src="data:image/png;base64,${PNG}" alt="Key 2 of Gift Card 25: the scanned card with its code"/>`,
    );
    expect(html).toMatch(
      new RegExp(
        `<a href="data:image/png;base64,[^"]+" download="card-7.png" aria-label="Download the image of key 2 of Gift Card 25">Download</a>`,
      ),
    );
    // Nothing to copy: no base64 shown as text, no Copy button.
    expect(html).not.toContain('<code');
    expect(html).not.toContain('>Copy<');
  });

  it('describes the image in Italian too', () => {
    const html = render(
      { kind: 'image', image: { mimeType: 'image/png', filename: 'card.png', base64: PNG } },
      italian.account.orders,
    );
    expect(html).toContain(
      'alt="Chiave 2 di Gift Card 25: la carta scansionata con il suo codice"',
    );
    expect(html).toContain('>Scarica</a>');
  });

  it('shows a text code as before: the code and Copy', () => {
    const html = render({ kind: 'text', code: 'ABCDE-FGHIJ-KLMNO' });
    expect(html).toContain('<code class="code">ABCDE-FGHIJ-KLMNO</code>');
    expect(html).toContain('aria-label="Copy key 2 of Gift Card 25">Copy</button>');
    expect(html).not.toContain('<img');
  });
});
