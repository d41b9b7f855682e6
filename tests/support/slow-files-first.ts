import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (`npm test`'s own timings), started first so that neither worker is
 * left running one of them alone at the end. Vitest orders by the durations it recorded on the
 * last run when it has them, and by file size on a fresh clone, where the 16 s backup test, a
 * small file, started among the last.
 */
const SLOWEST = [
  "tests/integration/backup.test.ts",
  "tests/integration/catalog-images.test.ts",
  "tests/integration/catalog-sync.test.ts",
  "tests/integration/knowledge-crawl-job.test.ts",
  "tests/integration/catalog-sync-ss.test.ts",
  "tests/integration/admin-auth.test.ts",
  // 8–10 s, a small file: it started 81st of 89 on a fresh clone and ran alone at the end.
  "tests/integration/database-worker.test.ts",
];

export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? SLOWEST.length : at;
    };
    // Stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
