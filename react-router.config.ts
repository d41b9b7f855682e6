import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's behaviours, each declined for now (setting them quiets the build's
  // reminders): the page cache reads today's `.data` addresses and request handling, and the
  // JavaScript budget is measured on today's route-module splitting. Turn them on with the v8
  // upgrade, each with the browser tests and `node scripts/js-budget.mjs`.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
