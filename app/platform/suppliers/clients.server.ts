import type { Env } from "~/platform/config/env.server";
import { type PromoStandardsClient, createPromoStandardsClient } from "./promostandards.server";
import { type RateBudget, type RetryPolicy, type SupplierLogger } from "./resilience.server";
import {
  SANMAR_HOSTS,
  type SanMarStandardClient,
  createSanMarStandardClient,
} from "./sanmar-standard.server";
import {
  SANMAR_SFTP_DEFAULTS,
  type SanMarSftpClient,
  createSanMarSftpClient,
} from "./sanmar-sftp.server";
import {
  SS_BASE_URLS,
  type SsActivewearClient,
  createSsActivewearClient,
} from "./ss-activewear.server";

export type SupplierEnv = Pick<
  Env,
  | "SS_ACTIVEWEAR_ACCOUNT_NUMBER"
  | "SS_ACTIVEWEAR_API_KEY"
  | "SS_ACTIVEWEAR_BASE_URL"
  | "SANMAR_CUSTOMER_NUMBER"
  | "SANMAR_USERNAME"
  | "SANMAR_PASSWORD"
  | "SANMAR_ENVIRONMENT"
  | "SANMAR_WS_BASE_URL"
  | "SANMAR_SFTP_HOST"
  | "SANMAR_SFTP_PORT"
  | "SANMAR_SFTP_USERNAME"
  | "SANMAR_SFTP_PASSWORD"
>;

export interface SupplierClients {
  ssActivewear: SsActivewearClient | null;
  sanmarStandard: SanMarStandardClient | null;
  promoStandards: PromoStandardsClient | null;
  sanmarSftp: SanMarSftpClient | null;
  /** For each client left null: the environment variables it still needs. */
  missing: {
    ssActivewear: string[];
    sanmarStandard: string[];
    promoStandards: string[];
    sanmarSftp: string[];
  };
}

function missingOf(env: SupplierEnv, names: (keyof SupplierEnv)[]) {
  return names.filter((name) => env[name] === undefined || env[name] === "");
}

/**
 * Every supplier client the configuration allows. A client whose credentials are absent is
 * null and `missing` names the variables, so each tool can show its 'not configured' state.
 * `retry` replaces each client's own policy (tests: the same retries with millisecond waits);
 * `ssBudget` replaces S&S's account budget shared by the process (tests: one per server started).
 */
export function createSupplierClients(
  env: SupplierEnv,
  logger: SupplierLogger,
  options: { retry?: RetryPolicy; ssBudget?: RateBudget } = {},
): SupplierClients {
  const { retry, ssBudget } = options;
  const missing = {
    ssActivewear: missingOf(env, ["SS_ACTIVEWEAR_ACCOUNT_NUMBER", "SS_ACTIVEWEAR_API_KEY"]),
    sanmarStandard: missingOf(env, [
      "SANMAR_CUSTOMER_NUMBER",
      "SANMAR_USERNAME",
      "SANMAR_PASSWORD",
    ]),
    promoStandards: missingOf(env, ["SANMAR_USERNAME", "SANMAR_PASSWORD"]),
    // The SFTP username is the customer number unless set on its own.
    sanmarSftp: missingOf(env, [
      env.SANMAR_SFTP_USERNAME ? "SANMAR_SFTP_USERNAME" : "SANMAR_CUSTOMER_NUMBER",
      "SANMAR_SFTP_PASSWORD",
    ]),
  };
  const sanmarBase = env.SANMAR_WS_BASE_URL ?? SANMAR_HOSTS[env.SANMAR_ENVIRONMENT];
  return {
    missing,
    ssActivewear: missing.ssActivewear.length
      ? null
      : createSsActivewearClient({
          baseUrl: env.SS_ACTIVEWEAR_BASE_URL ?? SS_BASE_URLS.us,
          accountNumber: env.SS_ACTIVEWEAR_ACCOUNT_NUMBER!,
          apiKey: env.SS_ACTIVEWEAR_API_KEY!,
          logger,
          retry,
          budget: ssBudget,
        }),
    sanmarStandard: missing.sanmarStandard.length
      ? null
      : createSanMarStandardClient({
          baseUrl: sanmarBase,
          customerNumber: env.SANMAR_CUSTOMER_NUMBER!,
          username: env.SANMAR_USERNAME!,
          password: env.SANMAR_PASSWORD!,
          logger,
          retry,
        }),
    promoStandards: missing.promoStandards.length
      ? null
      : createPromoStandardsClient({
          baseUrl: sanmarBase,
          id: env.SANMAR_USERNAME!,
          password: env.SANMAR_PASSWORD!,
          logger,
          retry,
        }),
    sanmarSftp: missing.sanmarSftp.length
      ? null
      : createSanMarSftpClient({
          host: env.SANMAR_SFTP_HOST ?? SANMAR_SFTP_DEFAULTS.host,
          port: env.SANMAR_SFTP_PORT,
          username: env.SANMAR_SFTP_USERNAME ?? env.SANMAR_CUSTOMER_NUMBER!,
          password: env.SANMAR_SFTP_PASSWORD!,
          logger,
        }),
  };
}
