import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { unmigratedDataDir } from "../support/database";

// Migration 0016 moves records from "the upload whose URL I hold" to a foreign key: a database
// made before it keeps every picture, now pointed at by id.
const migrations = path.resolve("app/platform/db/migrations");
// initdb's database as the global set-up made it (no initdb here), before any migration.
const client = new PGlite({ extensions: { pg_trgm }, loadDataDir: await unmigratedDataDir() });
const db = drizzle({ client });
let before: string;

afterAll(async () => {
  await client.close();
  if (before) await rm(before, { recursive: true, force: true });
});

/** The migrations folder as it was before 0016. */
async function migrationsBefore0016() {
  before = await mkdtemp(path.join(tmpdir(), "migrations-"));
  await cp(migrations, before, { recursive: true });
  const journalPath = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 16);
  await writeFile(journalPath, JSON.stringify(journal));
  return before;
}

it("points existing records at their uploads and drops the owner columns", async () => {
  await migrate(db, { migrationsFolder: await migrationsBefore0016() });
  const url = "/media/admin-images/6f1c0a52-0000-4000-8000-000000000001/640w.webp";
  const { rows } = await client.query<{ id: string }>(
    `insert into uploads (key_prefix, url, srcset, variants, width, height, alt, source_format,
       source_bytes, uploaded_by, used_by_type, used_by_id)
     values ('admin-images/a', $1, $1 || ' 640w', '[]', 640, 400, 'Rowers', 'png', 10,
       'a@example.com', 'success_story', 'x') returning id`,
    [url],
  );
  await client.query(
    `insert into success_stories (title, company_name, description, image_url)
     values ('Uploaded', 'C', 'D', $1), ('Bundled', 'C', 'D', '/media/stories/team.jpg')`,
    [url],
  );
  await client.query(
    `insert into brand_logos (name, logo_url) values ('Gildan', $1), ('Nike', '/media/brands/nike.png')`,
    [url],
  );
  await client.query(
    `insert into client_webstore_examples (header_text, logo_url, company_name, description, webstore_url)
     values ('H', $1, 'Acme', 'D', 'https://acme.example')`,
    [url],
  );

  await migrate(db, { migrationsFolder: migrations });

  const id = rows[0]!.id;
  const stories = await client.query(
    "select title, image_url, image_upload_id from success_stories order by title",
  );
  expect(stories.rows).toEqual([
    { title: "Bundled", image_url: "/media/stories/team.jpg", image_upload_id: null },
    { title: "Uploaded", image_url: url, image_upload_id: id },
  ]);
  const logos = await client.query("select name, logo_upload_id from brand_logos order by name");
  expect(logos.rows).toEqual([
    { name: "Gildan", logo_upload_id: id },
    { name: "Nike", logo_upload_id: null },
  ]);
  const examples = await client.query("select logo_upload_id from client_webstore_examples");
  expect(examples.rows).toEqual([{ logo_upload_id: id }]);
  const columns = await client.query(
    `select column_name from information_schema.columns
     where table_name = 'uploads' and column_name in ('used_by_type', 'used_by_id', 'released_at')`,
  );
  expect(columns.rows).toEqual([]);
  await expect(client.query("delete from uploads")).rejects.toThrow(/foreign key/);
});
