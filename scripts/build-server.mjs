// `npm run build`, second step: the server entry (server.ts and what it imports from app/ and
// server/) compiled to one JavaScript file, so production runs no TypeScript compiler. Packages
// stay in node_modules; the migrations travel next to the bundle, where the database client
// looks for them (beside its own module).
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "build/app");

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, "server.ts")],
  outfile: path.join(outdir, "server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(root, "tsconfig.json"),
  sourcemap: true,
  logLevel: "warning",
});
cpSync(path.join(root, "app/platform/db/migrations"), path.join(outdir, "migrations"), {
  recursive: true,
});
