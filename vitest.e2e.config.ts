import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    // One server start migrates and seeds a DATA_DIR; each file's servers start from a copy of it.
    globalSetup: ["tests/support/server-data-template.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    environment: "node",
    // One browser and one server at a time on a 2-core machine.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
