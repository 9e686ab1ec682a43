import path from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
/** dpdm matches `include` against absolute paths: server/src only (not node_modules, not shared). */
const SERVER_SRC = new RegExp(
  `^${path.join(SERVER_ROOT, 'src').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`,
);

/** The import graph of server/src, type-only and dynamic imports included. */
function importGraph(): Promise<DependencyTree> {
  return parseDependencyTree('src/**/*.ts', {
    cwd: SERVER_ROOT,
    context: SERVER_ROOT,
    // `transform: true` would drop type-only imports; a type cycle still ties two files together.
    transform: false,
    skipDynamicImports: false,
    include: SERVER_SRC,
  });
}

describe('server/src imports', () => {
  it('form no cycle, not even through type-only imports', async () => {
    const graph = await importGraph();
    // Guards against options that silently parse nothing (files left out have no entry list).
    const parsed = Object.values(graph).filter((deps) => deps !== null);
    expect(parsed.length).toBeGreaterThan(200);
    const cycles = parseCircular(graph).map((cycle) => cycle.join(' → '));
    expect(cycles).toEqual([]);
  });
});
