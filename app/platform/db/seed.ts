import type { Queryable } from "./queryable";

/** First-start data a capability brings; the server's seed list (server/seed) applies each once. */
export interface Seed {
  /** Recorded in seed_runs once applied. Give changed seed data a new name. */
  name: string;
  run(db: Queryable): Promise<void>;
}
