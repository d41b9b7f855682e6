import type { Database } from "./client.server";

/** A transaction on the database: what `db.transaction(async (tx) => …)` hands its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Anything that runs queries: the database itself or a transaction on it. */
export type Queryable = Database | Transaction;
