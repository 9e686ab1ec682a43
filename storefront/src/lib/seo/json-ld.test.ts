import { describe, expect, it } from 'vitest';
import { breadcrumbListJsonLd, organizationJsonLd, serializeJsonLd } from './json-ld.ts';

describe('organizationJsonLd', () => {
  it('describes the shop with its logo', () => {
    expect(
      organizationJsonLd({
        name: 'localhost:8080',
        url: 'http://localhost:8080/',
        logo: 'http://localhost:8080/logo.svg',
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'localhost:8080',
      url: 'http://localhost:8080/',
      logo: 'http://localhost:8080/logo.svg',
    });
  });
});

describe('breadcrumbListJsonLd', () => {
  it('numbers the items from 1 in trail order', () => {
    const list = breadcrumbListJsonLd([
      { name: 'localhost:8080', url: 'http://localhost:8080/' },
      { name: 'Category', url: 'http://localhost:8080/category' },
    ]);
    expect(list['@type']).toBe('BreadcrumbList');
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'localhost:8080', item: 'http://localhost:8080/' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Category',
        item: 'http://localhost:8080/category',
      },
    ]);
  });
});

describe('serializeJsonLd', () => {
  it('cannot be closed early by a name containing </script>', () => {
    const json = serializeJsonLd(
      breadcrumbListJsonLd([{ name: '</script><script>alert(1)</script>', url: 'http://x/' }]),
    );
    expect(json).not.toContain('<');
    expect(JSON.parse(json).itemListElement[0].name).toBe('</script><script>alert(1)</script>');
  });
});
