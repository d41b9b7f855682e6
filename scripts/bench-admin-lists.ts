/**
 * `node --import tsx scripts/bench-admin-lists.ts [postgres://server/db]`: fills a fresh database
 * with 10,000 leads and 10,000 chat conversations, then times the admin list queries (first page,
 * a deep page, searches) through the same functions the screens call. PGlite always; PostgreSQL
 * too when a server URL is given (a temporary database is created beside it and dropped after).
 * Goal: p95 under 50 ms. Loopback only, bounded: 20,000 rows, 40 runs a query.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../app/platform/db/client.server";
import { listChatConversations } from "../app/capabilities/chat/conversations.server";
import { listLeads } from "../app/capabilities/contact/leads.server";

const ROWS = 10_000;
const RUNS = 40;

async function fill(handle: DatabaseHandle) {
  const { db } = handle;
  await db.execute(sql`
    insert into contact_messages (name, email, message, status, created_at)
    select
      (array['Ana','Bo','Carla','Dev','Eli','Fay','Gus','Hana','Ivan','Jo'])[1 + i % 10] || ' ' ||
        (array['Lopez','Chen','Smith','Patel','Okafor','Novak','Kim','Silva'])[1 + (i / 10) % 8] || ' ' || i,
      'lead' || i || '@' || (array['acme','globex','initech','umbrella','hooli'])[1 + i % 5] || '.example',
      'We need ' || (i % 500) || ' custom ' ||
        (array['hoodies','t-shirts','mugs','hats','tote bags','water bottles'])[1 + i % 6] ||
        ' for our ' || (array['team','conference','school','charity run','launch'])[1 + i % 5] ||
        '. Reference ' || md5(i::text),
      case when i % 3 = 0 then 'handled'::contact_message_status else 'new'::contact_message_status end,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into chat_conversations (session_id, contact_email, contact_name, started_at, updated_at)
    select
      'sess-' || md5('s' || i::text),
      case when i % 2 = 0 then 'visitor' || i || '@example.com' end,
      case when i % 3 = 0 then (array['Pat','Robin','Sam','Alex','Kai'])[1 + i % 5] || ' ' || i end,
      now() - (i || ' minutes')::interval,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${ROWS}) as i`);
  // What autovacuum would do on a live server: fresh planner statistics.
  await db.execute(sql`vacuum analyze contact_messages`);
  await db.execute(sql`vacuum analyze chat_conversations`);
}

const cases: Array<[string, (h: DatabaseHandle) => Promise<{ total: number }>]> = [
  ["leads: first page", (h) => listLeads(h.db, {})],
  ["leads: page 200", (h) => listLeads(h.db, { page: 200 })],
  ["leads: search 'hoodies' (1 in 6)", (h) => listLeads(h.db, { q: "hoodies" })],
  ["leads: search 'lead4242@' (one)", (h) => listLeads(h.db, { q: "lead4242@" })],
  ["leads: search 'PATEL' + handled", (h) => listLeads(h.db, { q: "PATEL", status: "handled" })],
  ["leads: search 'zzzz' (none)", (h) => listLeads(h.db, { q: "zzzz" })],
  ["conversations: first page", (h) => listChatConversations(h.db, {})],
  ["conversations: page 100", (h) => listChatConversations(h.db, { page: 100 })],
  ["conversations: search 'robin'", (h) => listChatConversations(h.db, { q: "robin" })],
  [
    "conversations: search 'visitor1234@'",
    (h) => listChatConversations(h.db, { q: "visitor1234@" }),
  ],
  [
    "conversations: search session 'sess-c4ca'",
    (h) => listChatConversations(h.db, { q: "sess-c4ca" }),
  ],
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function bench(label: string, handle: DatabaseHandle) {
  const started = performance.now();
  await fill(handle);
  console.log(
    `\n${label}: filled ${ROWS} leads + ${ROWS} conversations in ${Math.round(performance.now() - started)} ms`,
  );
  console.log(
    "query".padEnd(46),
    "matches".padStart(8),
    "p50 ms".padStart(8),
    "p95 ms".padStart(8),
  );
  let worst = 0;
  for (const [name, run] of cases) {
    await run(handle); // warm-up
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      total = (await run(handle)).total;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    console.log(
      name.padEnd(46),
      String(total).padStart(8),
      percentile(times, 50).toFixed(1).padStart(8),
      p95.toFixed(1).padStart(8),
    );
  }
  console.log(`worst p95: ${worst.toFixed(1)} ms (goal < 50 ms)`);
  return worst;
}

async function main() {
  const serverUrl = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
  const results: number[] = [];
  const pglite = await openDatabase({ dataDir: "memory://" });
  try {
    results.push(await bench("PGlite (in memory)", pglite));
  } finally {
    await pglite.close();
  }
  if (serverUrl) {
    const name = `ms_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    try {
      results.push(await bench(`PostgreSQL (${url.host})`, postgres));
    } finally {
      await postgres.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
  process.exitCode = results.every((p95) => p95 < 50) ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
