import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withScriptHashes } from './csp.ts';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('inline script hashes', () => {
  it('hashes the scripts a page runs, not data blocks or external files', () => {
    const html = [
      '<script>document.documentElement.dataset.theme = "dark"</script>',
      '<script type="module">import "x";</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="application/json" id="m">{}</script>',
      '<script src="/_astro/a.js"></script>',
      '<script>document.documentElement.dataset.theme = "dark"</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha('document.documentElement.dataset.theme = "dark"'),
      sha('import "x";'),
    ]);
  });

  it("adds them to script-src 'self' and leaves the rest of the policy alone", () => {
    const policy = "default-src 'self'; script-src 'self'; frame-ancestors 'none'";
    expect(withScriptHashes(policy, '<script>go()</script>')).toBe(
      `default-src 'self'; script-src 'self' ${sha('go()')}; frame-ancestors 'none'`,
    );
    expect(withScriptHashes(policy, '<p>no script</p>')).toBe(policy);
  });
});
