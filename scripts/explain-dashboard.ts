/**
 * `node --import tsx scripts/explain-dashboard.ts [postgres://server/db]`: fills a fresh database
 * with three years of business (100,000 contact messages, 30,000 quotes of which 4,285 became
 * bulk orders, 60,000 plan orders), then
 * prints the plans of the dashboard's 12-week counts and times the whole dashboard read (20 runs).
 * PGlite always; PostgreSQL too when a server URL is given (a temporary database beside it, dropped
 * after). Loopback only, bounded.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { type SQLWrapper, sql } from "drizzle-orm";
import pg from "pg";
import {
  businessWeeks,
  quoteFigures,
  weeklyCountQueries,
} from "../app/capabilities/dashboard/dashboard.server";
import { lastTwelveWeeks } from "../app/capabilities/dashboard/weeks";
import { type DatabaseHandle, openDatabase } from "../app/platform/db/client.server";

const RUNS = 20;

async function fill({ db }: DatabaseHandle) {
  // Spread evenly over the last 1,095 days.
  await db.execute(sql`
    insert into contact_messages (name, email, message, created_at)
    select 'Lead ' || i, 'lead' || i || '@example.com', 'We need shirts',
      now() - (i * 1095.0 / 100000 || ' days')::interval
    from generate_series(1, 100000) as i`);
  await db.execute(sql`
    insert into quotes (status, name, email, lines, price, computed_total_cents, created_at, updated_at)
    select (array['requested','priced','sent','accepted','declined','expired','paid'])[1 + i % 7]::quote_status,
      'Buyer ' || i, 'buyer' || i || '@example.com', '[]'::jsonb, '{}'::jsonb, 10000 + i,
      now() - (i * 1095.0 / 30000 || ' days')::interval,
      now() - (i * 1095.0 / 30000 || ' days')::interval + interval '3 days'
    from generate_series(1, 30000) as i`);
  await db.execute(sql`
    insert into orders (plan, interval, customer_email, plan_price_cents, setup_fee_cents,
      first_payment_cents, recurring_payment_cents, provider, status, paid_at, created_at)
    select 'pro', 'monthly', 'o' || i || '@example.com', 4900, 0, 4900, 4900, 'test',
      (case when i % 3 = 0 then 'expired' else 'paid' end)::order_status,
      case when i % 3 = 0 then null else now() - (i * 1095.0 / 60000 || ' days')::interval end,
      now() - (i * 1095.0 / 60000 || ' days')::interval
    from generate_series(1, 60000) as i`);
  // Every paid quote became a bulk order three days after it was asked for.
  await db.execute(sql`
    insert into quote_payments (quote_id, amount_cents, provider, status, paid_at, created_at)
    select id, 5000, 'test', 'paid', created_at + interval '3 days', created_at
    from quotes where status = 'paid'`);
  await db.execute(sql`
    insert into quote_orders (quote_id, payment_id, customer_name, customer_email, total_cents,
      deposit_paid_cents, created_at)
    select quote_id, id, 'Buyer', 'buyer@example.com', 10000, 5000, paid_at from quote_payments`);
  await db.execute(sql`analyze`);
}

async function report(label: string, handle: DatabaseHandle) {
  await fill(handle);
  const { db } = handle;
  const queries = weeklyCountQueries(db, lastTwelveWeeks(new Date()));
  for (const [name, query] of Object.entries(queries)) {
    const result = await db.execute(sql`explain ${query as SQLWrapper}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      "QUERY PLAN": string;
    }[];
    console.log(`\n${label} — ${name}:\n${rows.map((r) => "  " + r["QUERY PLAN"]).join("\n")}`);
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const start = performance.now();
    const now = new Date();
    await Promise.all([businessWeeks(db, now), quoteFigures(db, now)]);
    if (i >= 3) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(
    `\n${label}: dashboard figures, ${RUNS} runs: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`,
  );
}

const pglite = await openDatabase({ dataDir: "memory://" });
await report("PGlite", pglite);
await pglite.close();

const serverUrl = process.argv[2];
if (serverUrl) {
  const name = `ms_explain_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
  try {
    await report("PostgreSQL", handle);
  } finally {
    await handle.close();
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}
