import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  knowledgeToolData,
  startKnowledgeCrawl,
} from "~/capabilities/knowledge/knowledge-tool.server";
import { createJobRunner, getJob, recentJobs } from "~/platform/jobs/jobs.server";
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

  it("prepends https:// to an address without a scheme, and reports a failed crawl", async () => {
    await startKnowledgeCrawl(context, admin, form(site.url));
    await runner().runDue();
    const host = new URL(site.url).host;
    const result = await startKnowledgeCrawl(context, admin, form(host));
    expect(result.ok).toBe(true);
    const [job] = await recentJobs(context.db, KNOWLEDGE_CRAWL_JOB, 1);
    expect((job!.params as { url: string }).url).toBe(`https://${host}/`);
    await runner().runDue();
    expect((await getJob(context.db, job!.id))!.status).toBe("failed");
    const data = await knowledgeToolData(context);
    expect(data.run).toMatchObject({ state: "error", error: "Failed to crawl website" });
    // The earlier crawl's knowledge is still there.
    expect(data.pages.length).toBeGreaterThan(0);
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
    });
  });
});
