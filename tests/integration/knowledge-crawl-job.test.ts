import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  knowledgeToolData,
  startKnowledgeCrawl,
} from "~/capabilities/knowledge/knowledge-tool.server";
import { createJobRunner, getJob, recentJobs } from "~/platform/jobs/jobs.server";
import { jobs } from "~/platform/db/schema/index";
import { jobHandlers } from "../../server/jobs";
import { KNOWLEDGE_CRAWL_JOB } from "~/capabilities/knowledge/crawl-job.server";
import * as dashboard from "~/routes/admin/dashboard";
import { startFakeWebsite } from "../fakes/website";
import { browserRequest, createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let site: Awaited<ReturnType<typeof startFakeWebsite>>;
let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
const admin = { email: "owner@example.com" };

beforeAll(async () => {
  site = await startFakeWebsite();
});
afterAll(() => site.close());
// Crawls leave jobs and knowledge behind: each test starts from a database of its own.
beforeEach(async () => {
  database = await createTestDatabase();
  // The running site's own URL is the fake website on loopback, as when an admin crawls the
  // site they are looking at.
  context = createTestContext(database.db, { env: { PUBLIC_URL: site.url } });
  await createAccount(context, admin.email, "admin");
  cookie = await signIn(context, admin.email);
});
afterEach(() => database.destroy());

function runner() {
  return createJobRunner({
    db: context.db,
    handlers: jobHandlers({
      db: context.db,
      env: context.env,
      logger: context.logger,
      services: context.services,
    }),
  });
}

const form = (url: string) => ({ url });

describe("Update AI Knowledge Base", () => {
  it("is for admins only", async () => {
    const post = await settle(() =>
      dashboard.action({
        request: browserRequest(context, "/admin/dashboard", { form: { url: site.url } }),
        context,
      } as never),
    );
    expect((post as Response).status).toBe(302);
    expect(await recentJobs(context.db, KNOWLEDGE_CRAWL_JOB)).toHaveLength(0);
  });

  it("before the first crawl: the URL field holds the site's URL and the time reads Never", async () => {
    const page = await dashboard.loader({
      request: browserRequest(context, "/admin/dashboard", { cookie }),
      context,
    } as never);
    expect(page.knowledge).toMatchObject({
      defaultUrl: context.env.PUBLIC_URL,
      run: null,
      pages: [],
    });
    expect(page.knowledge.lastUpdated).toBeNull();
  });

  it("an empty URL gives 'URL Required' and starts nothing", async () => {
    const result = await dashboard.action({
      request: browserRequest(context, "/admin/dashboard", { cookie, form: { url: "  " } }),
      context,
    } as never);
    expect(result).toMatchObject({
      ok: false,
      toast: { title: "URL Required", description: "Please enter your website URL" },
    });
    expect(await recentJobs(context.db, KNOWLEDGE_CRAWL_JOB)).toHaveLength(0);
  });

  it("crawls the site's own URL as a job, with progress, and shows chunk counts per page", async () => {
    const started = await dashboard.action({
      request: browserRequest(context, "/admin/dashboard", { cookie, form: { url: site.url } }),
      context,
    } as never);
    expect(started.ok).toBe(true);
    let data = await knowledgeToolData(context);
    expect(data.run).toMatchObject({ state: "crawling", fetched: 0 });

    await runner().runDue();

    const [job] = await recentJobs(context.db, KNOWLEDGE_CRAWL_JOB, 1);
    expect(job!.status).toBe("succeeded");
    expect(job!.progressTotal).toBeGreaterThanOrEqual(7);
    expect(job!.progressDone).toBeGreaterThanOrEqual(7);
    data = await knowledgeToolData(context);
    expect(data.run).toMatchObject({ state: "done", error: null });
    const paths = data.pages.map((p) => new URL(p.url).pathname);
    expect(paths).toContain("/");
    expect(paths).toContain("/pricing");
    expect(paths).not.toContain("/private/staff");
    expect(data.pages.every((p) => p.chunks >= 1)).toBe(true);
    expect(data.lastUpdated).toBeInstanceOf(Date);
  });

  it("adds http:// to a loopback address without a scheme, and says why a crawl failed", async () => {
    const host = new URL(site.url).host;
    // 127.0.0.1:<port> typed bare is the plain-HTTP site itself: it crawls.
    expect((await startKnowledgeCrawl(context, admin, form(host))).ok).toBe(true);
    let [job] = await recentJobs(context.db, KNOWLEDGE_CRAWL_JOB, 1);
    expect((job!.params as { url: string }).url).toBe(`http://${host}/`);
    await runner().runDue();
    expect((await getJob(context.db, job!.id))!.status).toBe("succeeded");

    // localhost:<port> gets http:// too, but it is not the site's own address: the safe fetcher
    // refuses it, and the screen says so.
    const port = new URL(site.url).port;
    await startKnowledgeCrawl(context, admin, form(`localhost:${port}`));
    [job] = await recentJobs(context.db, KNOWLEDGE_CRAWL_JOB, 1);
    expect((job!.params as { url: string }).url).toBe(`http://localhost:${port}/`);
    await runner().runDue();
    expect((await getJob(context.db, job!.id))!.status).toBe("failed");
    let data = await knowledgeToolData(context);
    expect(data.run).toMatchObject({
      state: "error",
      error: "Failed to crawl website",
      reason: `Refused by the safe fetcher: localhost:${port} is a private address, and only public addresses (or this site's own address) may be crawled.`,
    });
    // The earlier crawl's knowledge is still there.
    expect(data.pages.length).toBeGreaterThan(0);

    // Any other address typed bare gets https://.
    await startKnowledgeCrawl(context, admin, form("shop.example.com/about"));
    [job] = await recentJobs(context.db, KNOWLEDGE_CRAWL_JOB, 1);
    expect((job!.params as { url: string }).url).toBe("https://shop.example.com/about");
    await context.db.delete(jobs);

    // https:// to the plain-HTTP site (its own address, so allowed): a TLS error.
    const tls = createTestContext(context.db, { env: { PUBLIC_URL: `https://${host}/` } });
    await startKnowledgeCrawl(tls, admin, form(`https://${host}`));
    await createJobRunner({
      db: context.db,
      handlers: jobHandlers({
        db: tls.db,
        env: tls.env,
        logger: tls.logger,
        services: tls.services,
      }),
    }).runDue();
    data = await knowledgeToolData(context);
    expect(data.run).toMatchObject({
      state: "error",
      error: "Failed to crawl website",
      reason: `TLS error with ${host}: it did not answer with TLS (try http://).`,
    });
  });

  it("shows pages found and fetched, never '?', from the moment the run is queued", async () => {
    await startKnowledgeCrawl(context, admin, form(site.url));
    expect((await knowledgeToolData(context)).run).toMatchObject({
      state: "crawling",
      fetched: 0,
      found: 1,
    });
    const seen: { fetched: number; found: number }[] = [];
    const running = runner().runDue();
    // The job row is read as the screen reads it, while the crawl runs.
    let finished = false;
    void running.then(() => (finished = true));
    while (!finished) {
      const run = (await knowledgeToolData(context)).run!;
      if (run.state === "crawling") seen.push({ fetched: run.fetched, found: run.found });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await running;
    expect(seen.some((p) => p.fetched > 0 && p.found > p.fetched)).toBe(true);
    expect(new Set(seen.map((p) => p.found)).size).toBeGreaterThan(1);
  });

  it("a crawling service that cannot be reached reads 'Failed to connect to crawling service'", async () => {
    const firecrawl = createTestContext(context.db, {
      env: {
        PUBLIC_URL: site.url,
        FIRECRAWL_API_KEY: "fc-test",
        FIRECRAWL_API_BASE: "http://127.0.0.1:9",
      },
    });
    await startKnowledgeCrawl(firecrawl, admin, form(site.url));
    await createJobRunner({
      db: context.db,
      handlers: jobHandlers({
        db: firecrawl.db,
        env: firecrawl.env,
        logger: firecrawl.logger,
        services: firecrawl.services,
      }),
    }).runDue();
    const data = await knowledgeToolData(context);
    expect(data.run).toMatchObject({
      state: "error",
      error: "Failed to connect to crawling service",
      // fetch() refuses port 9 itself ("bad port"): still a connection that could not be made.
      reason: "The crawling service (Firecrawl): Could not connect to 127.0.0.1:9: bad port.",
    });
  });
});
