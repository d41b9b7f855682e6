/**
 * One value per process under `key`, however many copies of the calling module are loaded.
 *
 * The production server loads app/ twice: once bundled into its own entry (server.ts and the
 * jobs, the page cache) and once inside React Router's route build (the loaders and actions);
 * in development tsx and Vite's module runner each load their own copy. State a module keeps for
 * the whole process (the content version's watch, a supplier's rate budget, the one image at a
 * time) must be one state, or each side acts on half of it: the page cache saw a new content
 * version while the pages it rendered still read the SEO titles of the old one.
 */
export function processWide<T>(key: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`merch-simplified/${key}`);
  return (registry[symbol] ??= create());
}
