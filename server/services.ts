import type { Logger } from "pino";
import type { Env } from "~/platform/config/env.server";
import { site } from "~/platform/config/site";
import type { Database } from "~/platform/db/client.server";
import { createAuth } from "~/platform/auth/auth.server";
import { backupStoreFromEnv } from "~/platform/backup/store.server";
import { createCrawler } from "~/platform/crawl/crawlers.server";
import { createEmailService, smtpTransport } from "~/platform/email/outbox.server";
import { chatModelFromEnv } from "~/platform/llm/openai.server";
import { createPaymentProvider, createPaymentWebhooks } from "~/platform/payments/payments.server";
import { createFileStorage } from "~/platform/storage/storage.server";
import { createSupplierClients } from "~/platform/suppliers/clients.server";
import { createImageFetchers } from "~/platform/uploads/image-fetch.server";
import type { Services as PlatformServices } from "~/platform/services";
import {
  type SearchColumnsHolder,
  createSearchColumns,
} from "~/capabilities/catalog/search-columns.server";

/**
 * The platform's adapters, and the in-process state capabilities keep per database: built
 * together, so each database (a server, or each test's) owns its own and nothing is global.
 */
export interface Services extends PlatformServices {
  /** The catalogue search's in-memory columns for this database. */
  catalogSearch: SearchColumnsHolder;
}

export interface ServiceDependencies {
  env: Env;
  db: Database;
  /** The process logger; a request's own logger is `context.logger`. */
  logger: Logger;
}

export function createServices(
  { env, db, logger }: ServiceDependencies,
  overrides: Partial<Services> = {},
): Services {
  return {
    auth: overrides.auth ?? createAuth(db, env, logger),
    email:
      overrides.email ??
      createEmailService({
        db,
        from: env.EMAIL_FROM ?? `${site.name} <${site.email}>`,
        transport: env.SMTP_URL ? smtpTransport(env.SMTP_URL) : undefined,
        onError: (error) => logger.error({ err: error }, "email delivery failed"),
        logger,
      }),
    llm: "llm" in overrides ? overrides.llm : chatModelFromEnv(env),
    payments: overrides.payments ?? createPaymentProvider(db, env),
    paymentWebhooks:
      "paymentWebhooks" in overrides ? overrides.paymentWebhooks : createPaymentWebhooks(env),
    storage: overrides.storage ?? createFileStorage(env),
    images: overrides.images ?? createImageFetchers(env),
    backups: overrides.backups ?? backupStoreFromEnv(env),
    crawler: overrides.crawler ?? createCrawler(env),
    suppliers:
      overrides.suppliers ?? createSupplierClients(env, logger.child({ component: "suppliers" })),
    catalogSearch: overrides.catalogSearch ?? createSearchColumns(db),
  };
}
