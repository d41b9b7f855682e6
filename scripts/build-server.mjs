// `npm run build`, second step: the server entry (server.ts and what it imports from app/ and
// server/) compiled to one JavaScript file, so production runs no TypeScript compiler. Packages
// stay in node_modules; the migrations travel next to the bundle, where the database client
// looks for them (beside its own module).
//
// React Router's package exports only its development build (remix-run/react-router#14102),
// which cost a tenth of the server's thread under load (issue 24). Its production build is
// bundled instead, once: React Router's route build (build/server/index.js) is a second entry
// of the same bundle, so it, the server entry and the Express adapter share one copy of the
// router (two copies in one process would not share its contexts).
import { cpSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "build/app");
const require = createRequire(import.meta.url);
const reactRouterDir = path.dirname(require.resolve("react-router/package.json"));

/** react-router, bundled from its production build; the adapters that import it, bundled too. */
const reactRouterProduction = {
  name: "react-router-production",
  setup(build) {
    build.onResolve({ filter: /^react-router$/ }, () => ({
      path: path.join(reactRouterDir, "dist/production/index.mjs"),
    }));
    build.onResolve({ filter: /^@react-router\/(node|express)$/ }, (args) => ({
      path: require.resolve(args.path).replace(/index\.js$/, "index.mjs"),
    }));
  },
};

/**
 * Changes to React Router's production code, each a text it must find once in the router's
 * bundle and what replaces it, calling a helper of ours. The build stops if a text is no longer
 * found, so an upgrade of React Router cannot drop a change unnoticed.
 */
const routerChanges = [
  {
    // Remembers which branch matched each path (server/route-matching.ts).
    where: "matchRoutesImpl",
    helper: "server/route-matching.ts",
    uses: "matchRememberingBranch",
    find: `  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
}`,
    replace: `  return matchRememberingBranch(branches, decodePath(pathname), allowPartial, matchRouteBranch);
}`,
  },
  {
    // The app's routes from the build's manifest, once per build (server/route-tree.ts).
    where: "ServerRouter",
    helper: "server/route-tree.ts",
    uses: "builtOnce",
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = builtOnce(manifest.routes, context.isSpaMode, () => createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  ));`,
  },
  {
    // Their data routes, once per route list (server/route-tree.ts).
    where: "createStaticRouter",
    helper: "server/route-tree.ts",
    uses: "builtOnce",
    find: `  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `  let { manifest, dataRoutes } = builtOnce(routes, "data routes", () => {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest);
    return { manifest, dataRoutes };
  });`,
  },
];
const changesMade = new Set();
const routerProductionChanges = {
  name: "react-router-production-changes",
  setup(build) {
    const productionDir = path.join(reactRouterDir, "dist/production");
    build.onLoad({ filter: /\.mjs$/ }, async (args) => {
      if (!args.path.startsWith(productionDir)) return undefined;
      let contents = await readFile(args.path, "utf8");
      const imports = new Set();
      for (const change of routerChanges) {
        if (!contents.includes(change.find)) continue;
        contents = contents.replace(change.find, change.replace);
        imports.add(
          `import { ${change.uses} } from ${JSON.stringify(path.join(root, change.helper))};`,
        );
        changesMade.add(change);
      }
      if (imports.size === 0) return undefined;
      return {
        contents: `${[...imports].join("\n")}\n${contents}`,
        loader: "js",
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(root, "server.ts"),
    routes: path.join(root, "build/server/index.js"),
    // The database worker, beside the server entry where its client looks for it.
    "pglite.worker": path.join(root, "app/platform/db/pglite.worker.ts"),
    // The catalogue's pages' thread, beside the server entry (server/catalogue-thread.ts).
    "catalogue.worker": path.join(root, "server/catalogue.worker.ts"),
  },
  outdir,
  bundle: true,
  splitting: true,
  // Chunks beside the entries: the database client finds its migrations and its worker beside
  // its own module, wherever the bundler puts it.
  chunkNames: "[name]-[hash]",
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [reactRouterProduction, routerProductionChanges],
  tsconfig: path.join(root, "tsconfig.json"),
  sourcemap: true,
  logLevel: "warning",
});
for (const change of routerChanges) {
  if (!changesMade.has(change)) {
    throw new Error(
      `React Router's ${change.where} changed: its expected text was not found (see ${change.helper})`,
    );
  }
}
cpSync(path.join(root, "app/platform/db/migrations"), path.join(outdir, "migrations"), {
  recursive: true,
});
