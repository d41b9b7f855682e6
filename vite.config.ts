import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The small modules every public page loads on first paint (the shell, its settings and the
// island loader), put in one chunk: one request and one gzip stream instead of about fifteen,
// each with its own imports and exports (issue 13). Nothing here may be page-specific.
const firstPaintShell =
  /\/app\/(ui\/(Button|Container|cn|icons|island|toast)\.tsx?|config\/site\.ts|features\/shell\/(SiteShell|SiteHeader|nav-links|contact)\.tsx?|features\/settings\/(settings|useSiteSettings)\.ts|features\/storage\/media\.ts)$|\/node_modules\/clsx\//;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [{ name: "shell", test: (id: string) => firstPaintShell.test(id) }],
        },
      },
    },
  },
});
