import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as serverCopy from "~/platform/content/content-version.server";
import type * as settings from "~/platform/settings/settings.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

// The production server loads app/ twice (its own entry, and React Router's route build): a
// second copy of a module is what a query string on its path gives here.
const routesCopy = (await import(
  // @ts-expect-error: a path with a query string has no types of its own
  "~/platform/content/content-version.server?routes-build"
)) as typeof serverCopy;
const settingsCopy = (await import(
  // @ts-expect-error: as above
  "~/platform/settings/settings.server?routes-build"
)) as typeof settings;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(() => database?.destroy());

/** What an admin's save on another instance does to the version. */
const changeElsewhere = () =>
  database.db.execute(
    sql`insert into content_version (id, version) values (1, 1)
        on conflict (id) do update set version = content_version.version + 1`,
  );
const settingsElsewhere = (phone: string) =>
  database.db.execute(sql`update site_settings set phone = ${phone}`);

describe("the content version in every copy of the app's modules", () => {
  // The clock moves by hand: past any eager window a write elsewhere in this process opened
  // (every call reads the row for 2 s after one), then past the 500 ms between checks.
  let minutes = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + ++minutes * 60_000);
  });
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it("is one watch: the page cache and the pages it renders agree on the version", async () => {
    expect(routesCopy).not.toBe(serverCopy);
    const seen = await serverCopy.currentContentVersion(database.db);
    await changeElsewhere();
    // Within the check interval both copies answer the version last read, together ...
    expect(await routesCopy.currentContentVersion(database.db)).toBe(seen);
    // ... and once either reads the new one, so does the other.
    later(600);
    expect(await routesCopy.currentContentVersion(database.db)).toBe(seen + 1);
    expect(await serverCopy.currentContentVersion(database.db)).toBe(seen + 1);
  });

  it("keeps the site settings per version: a new version never shows settings read before it", async () => {
    const before = await settingsCopy.getSiteSettings(database.db);
    await settingsElsewhere("(555) 010-0199");
    // The same version: the settings kept with it.
    expect(await settingsCopy.getSiteSettings(database.db)).toEqual(before);
    await changeElsewhere();
    later(600);
    // The page cache sees the new version: every page rendered for it has the new settings.
    const version = await serverCopy.currentContentVersion(database.db);
    expect(await settingsCopy.getSiteSettings(database.db)).toMatchObject({
      phone: "(555) 010-0199",
    });
    expect(await routesCopy.currentContentVersion(database.db)).toBe(version);
  });
});
