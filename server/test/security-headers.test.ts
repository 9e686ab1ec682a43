import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/lib/security-headers.ts';
import { tagOriginsOf } from '../src/lib/shop-site.ts';
import { requestAs } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ storefront: true });
});
afterAll(() => t.close());

/** Asked for under the shop's own host (localhost:8080 offline), as a browser would. */
const get = (path: string) => requestAs(t.url, 'GET', path, 'localhost:8080');

const directives = (policy: unknown) =>
  new Map(
    String(policy)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );

/** The inline scripts a page would run: not external files, not JSON data blocks. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '']) => !/src=|application\/(ld\+)?json/.test(attrs))
    .map(([, , body = '']) => body);

describe('security headers', () => {
  it.each(['/', '/category/games', '/admin/', '/seller/', '/api/docs', '/api/health'])(
    '%s is never framed, runs only our scripts and is not sniffed',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('script-src')?.[0]).toBe("'self'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // not in production
    },
  );

  it('allows exactly the inline scripts each storefront page carries, by hash', async () => {
    for (const path of ['/', '/category/games', '/it/', '/login', '/cart']) {
      const res = await get(path);
      const allowed = directives(res.headers['content-security-policy']).get('script-src');
      const scripts = inlineScripts(res.body);
      expect(scripts.length).toBeGreaterThan(0); // the theme applied before paint, at least
      // One policy, the header's: a second one in a <meta> would narrow it unseen.
      expect(res.body).not.toMatch(/http-equiv="content-security-policy"/i);
      for (const body of scripts) {
        const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
        expect(allowed, `${path}: ${body.slice(0, 60)}`).toContain(hash);
      }
    }
  });

  it('serves one copy of a public page to everyone: no Vary on the cookie', async () => {
    for (const path of ['/', '/category/games', '/search?q=a']) {
      const res = await get(path);
      expect(String(res.headers.vary ?? '')).not.toMatch(/cookie/i);
    }
  });

  it('pins https for two years in production only', () => {
    const clientConfig = {
      firebase: { apiKey: 'k', authDomain: 'shop.firebaseapp.com', projectId: 'shop' },
      authEmulatorUrl: null,
      recaptchaSiteKey: 'site-key',
    };
    expect(securityHeaders({ production: true, clientConfig })['Strict-Transport-Security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
    const policy = directives(
      securityHeaders({ production: true, clientConfig })['Content-Security-Policy'],
    );
    expect(policy.get('connect-src')).toContain('https://identitytoolkit.googleapis.com');
    expect(policy.get('frame-src')).toContain('https://shop.firebaseapp.com');
    expect(policy.get('script-src')).toContain('https://www.google.com/recaptcha/');
  });

  it('allows a consent-gated tag origin in script-src only when a tag is configured', () => {
    const clientConfig = {
      firebase: { apiKey: 'k', authDomain: 'shop.firebaseapp.com', projectId: 'shop' },
      authEmulatorUrl: null,
      recaptchaSiteKey: null,
    };
    const without = directives(
      securityHeaders({ production: true, clientConfig })['Content-Security-Policy'],
    );
    expect(without.get('script-src')).toEqual(["'self'"]);
    const tagged = directives(
      securityHeaders({
        production: true,
        clientConfig,
        tagOrigins: tagOriginsOf({
          analytics: 'https://tags.example/a.js',
          marketing: 'https://tags.example/m.js',
        }),
      })['Content-Security-Policy'],
    );
    expect(tagged.get('script-src')).toEqual(["'self'", 'https://tags.example']);
  });
});
