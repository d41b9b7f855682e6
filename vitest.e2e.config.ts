import { defineConfig } from "vitest/config";

// Files that time the server (health under load, cache propagation) or measure clicks: they run
// after the others, one at a time, so that no other file's server or browser shares the cores.
const alone = [
  "tests/e2e/security.test.ts",
  "tests/e2e/page-cache.test.ts",
  "tests/e2e/cluster.test.ts",
  "tests/e2e/first-click.test.ts",
];

// Projects do not inherit the root configuration (without `extends`, which would also run the
// global set-up once per project): the module resolution is repeated in each.
const resolve = { tsconfigPaths: true };

const shared = {
  setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/report-failures.ts"],
  environment: "node" as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve,
  test: {
    // One server start migrates and seeds a DATA_DIR; each file's servers start from a copy of it.
    // Here, once for both groups below (a project's own globalSetup would run once per project).
    globalSetup: ["tests/support/server-data-template.ts"],
    projects: [
      {
        resolve,
        // Two files at a time: a browser test is one core's work at most (its server, then its
        // Chromium, in turn), so one file alone left the second core idle for most of the run.
        test: {
          ...shared,
          name: "browser",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: alone,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          ...shared,
          name: "alone",
          include: alone,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
