import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/*
 * The offline stand-ins (server/src/sandboxes/) are started by the entry point alone (main.ts
 * through runtime/offline-services.ts) and seeded by the offline demo data: no client, service
 * or route imports one, so the code a production instance runs never loads a sandbox.
 */

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ALLOWED = [/^sandboxes\//, /^seed\//, /^runtime\/offline-services\.ts$/, /^main\.ts$/];

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
  });

it('no module outside the entry point and the demo seed imports a sandbox', () => {
  const offenders = files(SRC)
    .map((file) => path.relative(SRC, file))
    .filter((rel) => !rel.endsWith('.test.ts') && !ALLOWED.some((re) => re.test(rel)))
    .filter((rel) =>
      /from '(\.\.?\/)+(\.\.\/)*sandboxes\//.test(fs.readFileSync(path.join(SRC, rel), 'utf8')),
    );
  expect(offenders).toEqual([]);
});
