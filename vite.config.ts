import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, defineConfig } from "vite";

/**
 * The chunk a source module asks to join, by a first line `// @chunk <name>`. The mark travels
 * with the file, so renaming or moving a module keeps its bundle (issue 20); modules with a
 * query (React Router's route entries) or outside app/ are left to the default splitting.
 */
const marks = new Map<string, string | null>();
function chunkOf(id: string) {
  if (id.includes("?") || id.includes("\0") || !/[\\/]app[\\/]/.test(id)) return null;
  if (!marks.has(id)) {
    let mark: string | null = null;
    try {
      mark = /^\/\/ @chunk ([\w-]+)\n/.exec(readFileSync(id, "utf8"))?.[1] ?? null;
    } catch {
      // Not a file on disk (a virtual module): no mark.
    }
    marks.set(id, mark);
  }
  return marks.get(id)!;
}
const marked = (name: string) => (id: string) => chunkOf(id) === name;

/** react-dom's own module (portals, preloads): the client entry and the dialogs import it. */
const REACT_DOM =
  /[\\/]node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$/;

/**
 * React Router's child compiler still passes Vite the deprecated `envFile: false`; say it the
 * current way (`envDir: false`, the same meaning) so the build prints no deprecation warning.
 */
const envDirNotEnvFile: Plugin = {
  name: "env-dir-not-env-file",
  config(config) {
    const legacy = config as { envFile?: boolean };
    if (legacy.envFile === false) {
      delete legacy.envFile;
      config.envDir = false;
    }
  },
};

/**
 * React Router's package exports only its development build, whose `ENABLE_DEV_WARNINGS` is
 * true, so the browser bundle carried its developer warnings and "Hey developer" screens on every
 * page (remix-run/react-router#14102). The browser build takes its production build instead,
 * which differs in that one constant (issue 23: 0.6 KB gzipped off every page). The server
 * build keeps the package as published here; scripts/build-server.mjs bundles it with the server
 * entry and the Express adapter on one production copy (two copies of the router in one process
 * would not share its contexts).
 */
const reactRouterDir = path.dirname(
  createRequire(import.meta.url).resolve("react-router/package.json"),
);
const reactRouterProduction: Plugin = {
  name: "react-router-production-build",
  apply: "build",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.config.consumer === "client",
  resolveId(source) {
    const file = { "react-router": "index.mjs", "react-router/dom": "dom-export.mjs" }[source];
    return file ? path.join(reactRouterDir, "dist/production", file) : null;
  },
};

export default defineConfig({
  plugins: [envDirNotEnvFile, reactRouterProduction, tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The small modules every public page loads on first paint (the shell, its settings
            // and the island loader), in one chunk: one request and one gzip stream instead of
            // about fifteen (issue 13). Nothing marked `shell` may be page-specific. Two tiny
            // packages every page loads join it too (get-nonce, set by the client entry), and
            // react-dom's own module, which was a chunk of its own on every page (issue 23: 0.4 KB
            // gzipped less in one stream than in its own file; the root route's code, marked
            // `shell` too, 0.5 KB less).
            {
              name: "shell",
              test: (id: string) =>
                marked("shell")(id) ||
                /[\\/]node_modules[\\/](clsx|get-nonce)[\\/]/.test(id) ||
                REACT_DOM.test(id),
              priority: 2,
            },
            // Form fields are shared with the checkout and pricing pages: their own chunk, ahead
            // of the search page's group, which would otherwise take them in.
            { name: "Field", test: marked("Field"), priority: 1 },
            // The search page's modules, which its lazily loaded AI tab shares: one chunk, not four.
            { name: "product-search", test: marked("product-search") },
            // What the pricing, checkout and confirmation pages share: one chunk, not four.
            { name: "plans", test: marked("plans"), priority: 1 },
          ],
        },
      },
    },
  },
});
