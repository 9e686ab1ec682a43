/**
 * Every trick we know for turning the login page's `?destination=` into a visit to another site,
 * each with where `resolveLoginDestination` sends the buyer: a path of the shop, or `null` for
 * foreign (a warning, then home). One table for the unit test (`safe-redirect.test.ts`) and
 * for Chromium (`e2e/tests/login-destination.spec.ts`, which runs the real function on it in
 * the page and signs in with some of them).
 *
 * `{origin}`, `{host}`, `{hostname}` and `{scheme}` stand for the shop's own, so the table holds
 * for https://shop.example and for the e2e shop on http://localhost:8091 alike (`redirectTricks`).
 */
const TRICKS: ReadonlyArray<readonly [destination: string, goes: string | null]> = [
  // The shop's own pages, however they are written.
  ['/cart', '/cart'],
  ['/it/account?tab=orders#keys', '/it/account?tab=orders#keys'],
  ['cart', '/cart'],
  ['{origin}/checkout', '/checkout'],
  ['/a//evil.example', '/a//evil.example'],
  // Another port or userinfo on the shop's host: only the path is kept.
  ['https://user:pass@{host}/account', '/account'],
  ['https://evil.example:443@{host}/x', '/x'],
  // The scheme without slashes is a relative path, as a browser resolves it.
  ['{scheme}:evil.example', '/evil.example'],
  // Encoded slashes and backslashes stay encoded: a path of the shop.
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/%2f/evil.example', '/%2f/evil.example'],
  ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
  ['%5c%5cevil.example', '/%5c%5cevil.example'],
  ['/./%5Cevil.example', '/%5Cevil.example'],
  ['/%09/evil.example', '/%09/evil.example'],

  // Another host outright.
  ['https://evil.example/', null],
  ['http://evil.example/login', null],
  ['https://evil.example/?next={origin}', null],
  ['https://{hostname}.evil.example/', null],
  ['ftp://{host}/file', null],
  ['http://[::1', null],
  // Protocol-relative, with slashes and backslashes in any mix.
  ['//evil.example', null],
  ['///evil.example', null],
  ['////evil.example', null],
  ['/\\evil.example', null],
  ['\\/evil.example', null],
  ['\\\\evil.example', null],
  ['/\\/evil.example', null],
  ['//evil\u3002example', null],
  ['{scheme}:/\\evil.example', null],
  ['{scheme}:\\\\evil.example', null],
  ['{scheme}:///evil.example', null],
  // Dot segments (plain and encoded) that resolve into a network path.
  ['/.//evil.example/login', null],
  ['/./\\evil.example/b', null],
  ['/..//evil.example', null],
  ['/../\\evil.example', null],
  ['/a/..//evil.example', null],
  ['.//evil.example', null],
  ['./\\evil.example', null],
  ['..//evil.example', null],
  ['/.\\/evil.example', null],
  ['/%2e//evil.example', null],
  ['/%2E%2E//evil.example', null],
  ['/.%2e//evil.example', null],
  ['/%2e%2e/%2e%2e//evil.example', null],
  ['/%2e/\\evil.example', null],
  ['/.//', null],
  // Tabs and newlines, which the parser drops, inside the slashes or the scheme.
  ['/\t/evil.example', null],
  ['/\n/evil.example', null],
  ['/\r\n/evil.example', null],
  ['\t//evil.example', null],
  ['/.\t//evil.example', null],
  ['ht\ttps://evil.example', null],
  ['https:\n//evil.example', null],
  // Userinfo that dresses another host as the shop.
  ['https://{hostname}@evil.example/', null],
  ['https://{host}@evil.example/', null],
  ['//{hostname}@evil.example', null],
  ['https://evil.example\\@{hostname}/', null],
  ['https://evil.example#@{hostname}/', null],
  ['https://evil.example?@{hostname}/', null],
  // Script and other schemes, in every case and spelling.
  ['javascript:alert(1)', null],
  ['JAVASCRIPT:alert(1)', null],
  ['JaVaScRiPt:alert(1)', null],
  ['jAvAsCrIpT:alert(1)', null],
  ['java\tscript:alert(1)', null],
  ['java\nscript:alert(1)', null],
  ['java\rscript:alert(1)', null],
  ['javascript\t:alert(1)', null],
  [' javascript:alert(1)', null],
  ['\u0001javascript:alert(1)', null],
  ['javascript://%0aalert(1)', null],
  ['javascript:/\\/evil.example/%0aalert(1)', null],
  ['vbscript:msgbox(1)', null],
  ['data:text/html,<script>alert(1)</script>', null],
  ['blob:https://evil.example/x', null],
];

export type RedirectTrick = {
  destination: string;
  /** The path the buyer goes to, or null: foreign (a warning, then home). */
  goes: string | null;
};

/** The table for a shop at `ownOrigin`, its placeholders filled in. */
export function redirectTricks(ownOrigin: string): RedirectTrick[] {
  const own = new URL(ownOrigin);
  const fill = (s: string) =>
    s
      .replaceAll('{origin}', own.origin)
      .replaceAll('{hostname}', own.hostname)
      .replaceAll('{host}', own.host)
      .replaceAll('{scheme}', own.protocol.slice(0, -1));
  return TRICKS.map(([destination, goes]) => ({ destination: fill(destination), goes }));
}
