import type { Auth } from "~/platform/auth/auth.server";
import type { BackupStore } from "~/platform/backup/store.server";
import type { Crawler } from "~/platform/crawl/crawl";
import type { EmailService } from "~/platform/email/outbox.server";
import type { ChatModel } from "~/platform/llm/chat-model";
import type { PaymentProvider, PaymentWebhooks } from "~/platform/payments/provider";
import type { FileStorage } from "~/platform/storage/storage.server";
import type { ImageFetchers } from "~/platform/uploads/image-fetch.server";
import type { SupplierClients } from "~/platform/suppliers/clients.server";

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
  /** Signature checks for the payment provider's webhook (STRIPE_WEBHOOK_SECRET); undefined when not set. */
  paymentWebhooks?: PaymentWebhooks;
  storage: FileStorage;
  /** Pictures fetched from outside addresses (pasted image URLs, supplier images). */
  images: ImageFetchers;
  /** Where scheduled backups are kept: BACKUP_S3's bucket, else BACKUP_DIR or DATA_DIR/backups. */
  backups: BackupStore;
  /** Reads a website for the knowledge base: Firecrawl with FIRECRAWL_API_KEY, else the built-in crawler. */
  crawler: Crawler;
  /** S&S Activewear, SanMar SOAP, PromoStandards and the SanMar file server, each with its missing variables. */
  suppliers: SupplierClients;
}
