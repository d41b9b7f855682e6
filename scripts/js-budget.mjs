#!/usr/bin/env node
// Sums the gzipped JavaScript a page loads on first visit and fails over the budget (issue 3 set
// 150 KB for the home page; issue 13 lowered it to 140 KB, then 141 KB once twenty more routes joined the route manifest, on the way to its goal of 120 KB).
//
//   node scripts/js-budget.mjs                      the home page of the build in build/client
//   node scripts/js-budget.mjs http://127.0.0.1:3000/webstores   a running server's page
//   JS_BUDGET_KB=120 node scripts/js-budget.mjs     another budget
//
// From the build, it follows React Router's manifest: the client entry, then the root, the
// layout and the page's route module, each with the chunks it imports. From a URL, it fetches
// the page and every /assets/*.js it preloads or imports, as the browser does.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const budgetKb = Number(process.env.JS_BUDGET_KB ?? 141);
const target = process.argv[2];
const clientDir = path.resolve(import.meta.dirname, "../build/client");

async function scriptsFromUrl(url) {
  const html = await (await fetch(url)).text();
  const paths = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
  const origin = new URL(url).origin;
  return Promise.all(
    [...paths].map(async (p) => ({
      path: p,
      source: Buffer.from(await (await fetch(origin + p)).arrayBuffer()),
    })),
  );
}

function scriptsFromBuild() {
  const assets = path.join(clientDir, "assets");
  const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("No build found: run `npm run build` first.");
  const source = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(
    source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""),
  );
  // The home page is the index route under the public layout, under root.
  const chain = [];
  let route = Object.values(manifest.routes).find((r) => r.index && r.parentId);
  while (route) {
    chain.unshift(route);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  const paths = new Set([
    `/assets/${manifestFile}`,
    manifest.entry.module,
    ...manifest.entry.imports,
  ]);
  for (const r of chain) for (const p of [r.module, ...(r.imports ?? [])]) paths.add(p);
  return [...paths].map((p) => ({ path: p, source: readFileSync(path.join(clientDir, p)) }));
}

const scripts = target ? await scriptsFromUrl(target) : scriptsFromBuild();
const rows = scripts
  .map(({ path: p, source }) => ({ path: p, gzip: gzipSync(source).length }))
  .sort((a, b) => b.gzip - a.gzip);
const totalKb = rows.reduce((sum, r) => sum + r.gzip, 0) / 1024;
for (const r of rows) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB  ${r.path}`);
console.log(
  `${totalKb.toFixed(1)} KB of gzipped JavaScript for ${target ?? "the home page (build)"}; budget ${budgetKb} KB`,
);
if (totalKb > budgetKb) {
  console.error(`Over budget by ${(totalKb - budgetKb).toFixed(1)} KB`);
  process.exit(1);
}
