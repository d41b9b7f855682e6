import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The small modules every public page loads on first paint (the shell, its settings and the
// island loader), put in one chunk: one request and one gzip stream instead of about fifteen,
// each with its own imports and exports (issue 13). Nothing here may be page-specific.
const firstPaintShell =
  /\/app\/platform\/(ui\/(Button|Container|cn|icons|island|toast)\.tsx?|config\/site\.ts|shell\/(SiteShell|SiteHeader|nav-links|contact)\.tsx?|settings\/(settings|useSiteSettings)\.ts|storage\/media\.ts)$|\/node_modules\/clsx\//;

// The search page's modules, which its lazily loaded AI tab shares: one chunk, not four.
const productSearch =
  /\/app\/(capabilities\/catalog\/(ProductSearch|search)|routes\/site\/product-search)\.tsx?$/;

// What the pricing, checkout and confirmation pages share: one chunk, not four small ones.
const plansShared =
  /\/app\/(capabilities\/pricing\/(plans|FeatureList)|platform\/lib\/money|platform\/payments\/test-cards)\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            { name: "shell", test: (id: string) => firstPaintShell.test(id), priority: 2 },
            // Form fields are shared with the checkout and pricing pages: their own chunk, ahead
            // of the search page's group, which would otherwise take them in.
            { name: "Field", test: (id: string) => /\/app\/platform\/ui\/Field\.tsx$/.test(id), priority: 1 },
            { name: "product-search", test: (id: string) => productSearch.test(id) },
            { name: "plans", test: (id: string) => plansShared.test(id), priority: 1 },
          ],
        },
      },
    },
  },
});
