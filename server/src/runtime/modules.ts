import type { IndexDescription } from 'mongodb';
import type { PageChanges } from '../page-cache/page-changes.ts';
import type { Routes } from '../lib/route.ts';
import type { ChangeListener, ModuleDeclaration, RouteGiven } from './module.ts';

/*
 * What the list of modules brings, gathered: container.ts holds the list (each module given what
 * it needs), app.ts mounts the routes, main.ts and the tests ensure the indexes and run the
 * migrations. Adding a module is one `<module>.module.ts` and one line in that list.
 */

/** Every collection's indexes; a collection two modules declare is a mistake caught at start. */
export function gatherIndexes(modules: ModuleDeclaration[]): Record<string, IndexDescription[]> {
  const out: Record<string, IndexDescription[]> = {};
  const owner = new Map<string, string>();
  for (const m of modules) {
    for (const [collection, indexes] of Object.entries(m.indexes ?? {})) {
      const other = owner.get(collection);
      if (other) {
        throw new Error(`collection ${collection} is declared by modules ${other} and ${m.name}`);
      }
      owner.set(collection, m.name);
      out[collection] = indexes;
    }
  }
  return out;
}

/** Every module's routers, in the list's order. */
export const gatherRoutes = (modules: ModuleDeclaration[], given: RouteGiven): Routes[] =>
  modules.flatMap((m) => m.routes?.(given) ?? []);

/** The modules' data migrations, oldest first within each module, modules in the list's order. */
export const gatherMigrations = (modules: ModuleDeclaration[]) =>
  modules.flatMap((m) => m.migrations ?? []);

/** Subscribes every module's change listeners to the bus (this instance's and others' writes). */
export function listenToChanges(modules: ModuleDeclaration[], changes: PageChanges): void {
  for (const m of modules) {
    for (const l of m.changeListeners ?? []) changes.subscribe(l.heard, listenerName(m, l));
  }
}

/** A declared listener's name on the bus: `<module>: <listener>`. */
export const listenerName = (m: ModuleDeclaration, l: ChangeListener) => `${m.name}: ${l.name}`;
