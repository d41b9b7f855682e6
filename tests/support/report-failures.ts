import { afterEach } from "vitest";
import { runningServerOutput } from "./server";
import { openSitesReport } from "./site";

/**
 * When a browser test fails, the end of what its servers logged (warnings and errors) and what its
 * page shows, so a failure in CI says what the server and the page were doing, not only which
 * wait ran out.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== "fail") return;
  const lines = [`--- ${task.name}: after the failure ---`, ...(await openSitesReport())];
  for (const output of runningServerOutput()) {
    lines.push("server log, last 40 lines:", ...output.trimEnd().split("\n").slice(-40));
  }
  process.stderr.write(`${lines.join("\n")}\n`);
});
