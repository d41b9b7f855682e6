import { afterEach, beforeEach, vi } from "vitest";

let allowed = 0;
let unexpected: unknown[][] = [];

/**
 * A test that provokes a logged error says so; any other console.error fails the test. The test
 * logger (support/services.ts) writes error-level records to console.error, so an unexpected
 * `context.logger.error(...)` fails the test too.
 */
export function expectConsoleErrors(count = 1) {
  allowed += count;
}

beforeEach(() => {
  allowed = 0;
  unexpected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (allowed > 0) allowed -= 1;
    else unexpected.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (unexpected.length) {
    throw new Error(
      `Unexpected console.error: ${unexpected.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
