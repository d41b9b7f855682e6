import { randomBytes } from "node:crypto";
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { switchedOn } from "./switch";
import { parseTrustProxy } from "./trust-proxy";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalText.refine(
    (value) => value === undefined || isUrlWithProtocol(value, protocols),
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  );

function isUrlWithProtocol(value: string, protocols: string[]) {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  AUTH_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    "must be at least 32 characters",
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email("must be an email address").optional()),
  ADMIN_PASSWORD: optionalText.refine(
    (value) => value === undefined || value.length >= 12,
    "must be at least 12 characters",
  ),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  EMAIL_FROM: optionalText,
  COMPANY_INBOX: optionalText.pipe(z.email("must be an email address").optional()),
  STRIPE_SECRET_KEY: optionalText.refine(
    (value) => value === undefined || /^(sk|rk)_/.test(value),
    "must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_… key)",
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (value) => value === undefined || value.startsWith("whsec_"),
    "must be a Stripe webhook signing secret (whsec_…)",
  ),
  STRIPE_API_BASE: optionalUrl(["http:", "https:"]),
  // Supplier tools (docs/suppliers.md). All optional: a tool without its variables says which are missing.
  SS_ACTIVEWEAR_ACCOUNT_NUMBER: optionalText,
  SS_ACTIVEWEAR_API_KEY: optionalText,
  SS_ACTIVEWEAR_BASE_URL: optionalUrl(["http:", "https:"]),
  // Where S&S's relative image paths are fetched from (default https://www.ssactivewear.com/).
  SS_ACTIVEWEAR_IMAGE_BASE_URL: optionalUrl(["http:", "https:"]),
  // Further hosts catalogue pictures may be fetched from, comma-separated.
  CATALOG_IMAGE_HOSTS: optionalText,
  // Hosts that may resolve to private addresses when a picture is fetched (an intranet image server).
  IMAGE_FETCH_PRIVATE_HOSTS: optionalText,
  SANMAR_CUSTOMER_NUMBER: optionalText,
  SANMAR_USERNAME: optionalText,
  SANMAR_PASSWORD: optionalText,
  SANMAR_ENVIRONMENT: z.enum(["production", "test"]).default("production"),
  SANMAR_WS_BASE_URL: optionalUrl(["http:", "https:"]),
  SANMAR_SFTP_HOST: optionalText,
  SANMAR_SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(2200),
  SANMAR_SFTP_USERNAME: optionalText,
  SANMAR_SFTP_PASSWORD: optionalText,
  /** File storage: unset keeps uploads on local disk under DATA_DIR/uploads. */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl(["http:", "https:"]),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  S3_PUBLIC_URL: optionalUrl(["http:", "https:"]),
  /** Backups (npm run backup, and the scheduled job): a folder, or the S3 bucket's backups/. */
  BACKUP_DIR: optionalText,
  BACKUP_S3: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /** Hours between scheduled backups; 0 (the default) = no scheduled backups. */
  BACKUP_EVERY_HOURS: z.coerce.number().min(0).max(8_760).default(0),
  /** How many backups the scheduled job keeps; older ones are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Crawling for the AI knowledge base: unset uses the built-in crawler. */
  FIRECRAWL_API_KEY: optionalText,
  FIRECRAWL_API_BASE: optionalUrl(["http:", "https:"]),
  /** Any OpenAI-compatible endpoint (…/v1); unset: recommendations and chat use retrieval only. */
  LLM_BASE_URL: optionalUrl(["http:", "https:"]),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "object" && !Array.isArray(parsed)) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Serve anonymous public pages from memory, rendered once per content version (issue 13). */
  PAGE_CACHE: z.enum(["true", "false", "1", "0", ""]).default("true").transform(switchedOn),
  /** Worker processes when DATABASE_URL is set; the default is one per CPU core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** With DATABASE_URL: the catalogue's pages render on a thread of their own (decision 027). */
  CATALOGUE_THREAD: z.enum(["true", "false", "1", "0", ""]).default("true").transform(switchedOn),
  /** How many catalogue threads each process runs; the default is one per CPU core. */
  CATALOGUE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** The catalogue threads stop after this many seconds without a catalogue page. */
  CATALOGUE_THREAD_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
});

export type Env = Omit<z.infer<typeof schema>, "PUBLIC_URL" | "AUTH_SECRET"> & {
  /** The address visitors use; falls back to http://localhost:PORT. */
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  DATA_DIR: string;
};

/** A start-up problem that should stop the process with one readable line. */
export class ConfigError extends Error {}

/**
 * Parses the environment once. Throws ConfigError naming the first bad variable;
 * the server entry prints it and exits.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? "")})`);
  }
  const values = parsed.data;
  if (
    values.S3_BUCKET &&
    Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)
  ) {
    const missing = values.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError(`${missing}: required when the other S3 key is set`);
  }
  if (values.BACKUP_S3 && !values.S3_BUCKET) {
    throw new ConfigError("BACKUP_S3: needs S3_BUCKET (backups go to its backups/ folder)");
  }
  const dataDir = path.resolve(values.DATA_DIR);
  ensureWritableDir(dataDir);
  return {
    ...values,
    DATA_DIR: dataDir,
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    AUTH_SECRET: values.AUTH_SECRET ?? readOrCreateSecret(dataDir),
  };
}

function ensureWritableDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new ConfigError(`DATA_DIR: cannot write to ${dir} (${code})`);
  }
}

/** A fresh clone needs no setup: the secret is generated once and kept beside the data. */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
