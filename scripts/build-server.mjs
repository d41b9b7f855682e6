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
 * React Router's `matchRoutesImpl`, remembering which branch matched each path
 * (server/route-matching.ts). The build stops if the function no longer reads as below, so an
 * upgrade of React Router cannot drop it unnoticed.
 */
const MATCH_LOOP = `  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
}`;
let matchLoopReplaced = false;
const rememberedRouteMatches = {
  name: "remembered-route-matches",
  setup(build) {
    const productionDir = path.join(reactRouterDir, "dist/production");
    build.onLoad({ filter: /\.mjs$/ }, async (args) => {
      if (!args.path.startsWith(productionDir)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("function matchRoutesImpl(")) return undefined;
      if (!source.includes(MATCH_LOOP)) {
        throw new Error(
          `React Router's matchRoutesImpl changed (${args.path}): see server/route-matching.ts`,
        );
      }
      matchLoopReplaced = true;
      const helper = JSON.stringify(path.join(root, "server/route-matching.ts"));
      return {
        contents: `import { matchRememberingBranch } from ${helper};\n${source.replace(
          MATCH_LOOP,
          `  return matchRememberingBranch(branches, decodePath(pathname), allowPartial, matchRouteBranch);\n}`,
        )}`,
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
  plugins: [reactRouterProduction, rememberedRouteMatches],
  tsconfig: path.join(root, "tsconfig.json"),
  sourcemap: true,
  logLevel: "warning",
});
if (!matchLoopReplaced)
  throw new Error("React Router's matchRoutesImpl was not found in its bundle");
cpSync(path.join(root, "app/platform/db/migrations"), path.join(outdir, "migrations"), {
  recursive: true,
});
