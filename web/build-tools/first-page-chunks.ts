import { build, type Rolldown } from 'vite';

/**
 * The first pages, those people open from outside the app (the landing page, a game's page from a shared
 * link, the search; read-api/src/web-app.ts names their code in their response), and the parts of the
 * frame a signed-in member loads on every page (the bell, the member's own data). On a phone each script
 * is a request, six at a time over HTTP/1.1, and a module to compile before the first paint. Left to
 * rolldown, a page's code is split into a chunk per set of pages sharing it: 45 scripts for a game's
 * page, most under 1 KB gzipped.
 *
 * The build then names a chunk for each module by the set of first loads that run it as they start:
 * `first~game`, `first~game~search`, `first~search~member`, ... A first page loads its own chunk and the
 * few it shares with the others, and nothing it does not run. The app's other pages load the chunks of
 * what they share with a first page, with their neighbours. Modules no first load runs as it starts
 * (dialogs, the other pages) stay where rolldown puts them.
 *
 * Which modules a first load runs is read off a first build, not off the import graph: a module reaches
 * every part of a package through its barrel (`@mantine/core` imports all of Mantine), and only the
 * bundler's tree-shaking knows which of them a page runs.
 */

/** Set in the planning build, which must not plan again nor write anything. */
const PLANNING = 'PLAYTIME_PLANNING_FIRST_PAGE_CHUNKS';
export const isPlanningBuild = () => process.env[PLANNING] === '1';

/** For each module a first load runs as it starts, the names of those first loads. */
export type FirstPagePlan = Map<string, string[]>;

/**
 * Builds the app in memory with `configFile` (which must leave the first pages' group out while
 * `isPlanningBuild()`). `firstLoads` maps a short name to the ids (absolute paths) of the modules that
 * first load imports dynamically: a page, or the frame's parts.
 */
export async function planFirstPageChunks(
  configFile: string,
  firstLoads: Record<string, string[]>,
): Promise<FirstPagePlan> {
  process.env[PLANNING] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ configFile, logLevel: 'warn', build: { write: false } });
  } finally {
    delete process.env[PLANNING];
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output.filter((file) => file.type === 'chunk'));
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const plan: FirstPagePlan = new Map();
  for (const [firstLoad, rootIds] of Object.entries(firstLoads)) {
    const roots = rootIds.map((rootId) => {
      const root = chunks.find((chunk) => chunk.facadeModuleId === rootId);
      if (!root) throw new Error(`The build has no chunk of its own for ${rootId}.`);
      return root;
    });
    // Every chunk the roots import statically, and theirs: what runs before the first load shows.
    const pending = [...roots];
    const seen = new Set(roots.map((root) => root.fileName));
    while (pending.length > 0) {
      const chunk = pending.pop()!;
      for (const moduleId of Object.keys(chunk.modules)) {
        const runBy = plan.get(moduleId) ?? [];
        if (!runBy.includes(firstLoad)) plan.set(moduleId, [...runBy, firstLoad]);
      }
      for (const imported of chunk.imports) {
        const next = byFileName.get(imported);
        if (next && !seen.has(imported)) {
          seen.add(imported);
          pending.push(next);
        }
      }
    }
  }
  // The roots stay with rolldown: each remains its dynamic import's target and keeps its key in the
  // build's manifest, which the server reads to name a first page's chunks.
  for (const rootId of Object.values(firstLoads).flat()) plan.delete(rootId);
  return plan;
}

/** A code-splitting group's name function: the chunk of the first loads that run a module, or none. */
export const firstPageChunkName = (plan: FirstPagePlan) => (moduleId: string) => {
  const firstLoads = plan.get(moduleId);
  return firstLoads ? ['first', ...firstLoads].join('~') : null;
};
