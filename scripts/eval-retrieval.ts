/**
 * Retrieval quality over the launch content: seeds a fresh database (in-memory PGlite, or a
 * scratch database next to TEST_DATABASE_URL), runs the evaluation set and prints the top-1 and top-3 hit rates.
 *   npm run eval:retrieval
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run eval:retrieval
 */
import { evaluateRetrieval } from "~/capabilities/knowledge/evaluation";
import { retrievePassages } from "~/capabilities/knowledge/retrieval.server";
import { createTestDatabase } from "../tests/support/database";

const database = await createTestDatabase({ seed: true });
try {
  const result = await evaluateRetrieval(async (question) =>
    (await retrievePassages(database.db, question, { limit: 3 })).map((p) => p.title),
  );
  const driver = database.driver === "postgres" ? "PostgreSQL" : "PGlite";
  for (const miss of result.misses) {
    console.log(
      `miss: ${miss.question}\n  expected: ${miss.expected.join(" | ")}\n  got: ${miss.got.join(" | ")}`,
    );
  }
  for (const late of result.notFirst) {
    console.log(
      `not first: ${late.question}\n  expected: ${late.expected.join(" | ")}\n  got: ${late.got.join(" | ")}`,
    );
  }
  console.log(
    `${driver}: top-1 hit rate ${(result.firstHitRate * 100).toFixed(1)}% (${result.firstHits} of ${result.total} questions)`,
  );
  console.log(
    `${driver}: top-3 hit rate ${(result.hitRate * 100).toFixed(1)}% (${result.hits} of ${result.total} questions)`,
  );
  process.exitCode = result.hitRate >= 0.9 ? 0 : 1;
} finally {
  await database.destroy();
}
