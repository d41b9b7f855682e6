import type { Logger } from "pino";
import type { Env } from "~/config/env.server";
import { site } from "~/config/site";
import type { Database } from "~/db/client.server";
import { type Auth, createAuth } from "~/features/auth/auth.server";
import {
  type EmailService,
  createEmailService,
  smtpTransport,
} from "~/features/email/outbox.server";
import type { ChatModel } from "~/features/chat/model";
import { chatModelFromEnv } from "~/features/chat/model.server";
import { createPaymentProvider } from "~/features/payments/payments.server";
import type { PaymentProvider } from "~/features/payments/provider";
import { type FileStorage, createFileStorage } from "~/features/storage/storage.server";
import { type SupplierClients, createSupplierClients } from "~/features/suppliers/clients.server";

/**
 * Every adapter to something outside the process, built once per process and reached by loaders
 * and actions as `context.services`. Features depend on the interfaces; which implementation
 * runs (SMTP or the stored outbox, Stripe or test mode, local disk or later S3) is decided here
 * from the environment, and tests swap in fakes through `overrides`.
 */
export interface Services {
  /** better-auth, which keeps per-instance state (adapter, secrets): one per process. */
  auth: Auth;
  email: EmailService;
  /** The chat assistant's language model (LLM_BASE_URL, LLM_MODEL); undefined when not configured. */
  llm?: ChatModel;
  payments: PaymentProvider;
  storage: FileStorage;
  /** S&S Activewear, SanMar SOAP, PromoStandards and the SanMar file server, each with its missing variables. */
  suppliers: SupplierClients;
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
    storage: overrides.storage ?? createFileStorage(env),
    suppliers:
      overrides.suppliers ?? createSupplierClients(env, logger.child({ component: "suppliers" })),
  };
}
