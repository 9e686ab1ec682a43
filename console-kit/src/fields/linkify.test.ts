import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify.ts';

describe('splitLinks', () => {
  it('finds http and https links between plain text', () => {
    expect(splitLinks('Verify: https://x.test/v?code=1&a=b then http://y.test')).toEqual([
      { kind: 'text', text: 'Verify: ' },
      { kind: 'link', href: 'https://x.test/v?code=1&a=b' },
      { kind: 'text', text: ' then ' },
      { kind: 'link', href: 'http://y.test' },
    ]);
  });

  it('leaves sentence punctuation after a link out of it', () => {
    expect(splitLinks('Open https://x.test/seller/.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'https://x.test/seller/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes other schemes clickable', () => {
    expect(splitLinks('javascript:alert(1) mailto:a@b.it')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) mailto:a@b.it' },
    ]);
    expect(splitLinks('')).toEqual([]);
  });
});
