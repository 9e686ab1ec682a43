import type { Breadcrumb } from './breadcrumbs.ts';

const CONTEXT = 'https://schema.org';

export interface OrganizationJsonLd {
  '@context': typeof CONTEXT;
  '@type': 'Organization';
  name: string;
  url: string;
  logo: string;
}

export interface BreadcrumbListJsonLd {
  '@context': typeof CONTEXT;
  '@type': 'BreadcrumbList';
  itemListElement: Array<{ '@type': 'ListItem'; position: number; name: string; item: string }>;
}

export type JsonLd = OrganizationJsonLd | BreadcrumbListJsonLd;

/** The shop as an Organization, with its logo, for search engines. */
export function organizationJsonLd(input: {
  name: string;
  url: string;
  logo: string;
}): OrganizationJsonLd {
  return { '@context': CONTEXT, '@type': 'Organization', ...input };
}

/** A BreadcrumbList of the given trail, positions starting at 1. */
export function breadcrumbListJsonLd(crumbs: readonly Breadcrumb[]): BreadcrumbListJsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** JSON for an ld+json `<script>` body; `<` is escaped so no value can close the tag. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
