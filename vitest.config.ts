import { defineConfig } from "vitest/config";
import { SlowFilesFirst } from "./tests/support/slow-files-first";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts?(x)", "tests/integration/**/*.test.ts?(x)"],
    // Migrates and seeds one template database per run; each file starts from a copy of it.
    globalSetup: ["tests/support/database-template.ts"],
    setupFiles: [
      "tests/support/fail-on-console-error.ts",
      ...(process.env.TEST_CPU_PROFILE ? ["tests/support/cpu-profile.ts"] : []),
    ],
    environment: "node",
    // Vitest's default on 2 cores is one worker; test files share no state (each has its own
    // database and servers on free ports), and much of their time is spent waiting on them.
    maxWorkers: 2,
    // Files run one after another in each worker's process, sharing its loaded modules: starting
    // a process and importing the app for each of 80 files took more CPU than half the tests.
    // Files share no state on purpose (own database, own fakes); fail-on-console-error restores
    // console.error after each test, and no file mocks a module.
    isolate: false,
    sequence: { sequencer: SlowFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
