import { type Resolver, createSafeFetcher } from "~/platform/security/safe-fetch.server";
import { UploadError } from "./images.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./uploads";

export interface ImageFetchPolicy {
  /** Only these hosts (`host` or `host:port`) may be asked, each redirect hop too; undefined = any public host. */
  allowedHosts?: ReadonlySet<string>;
  /** Hosts allowed to resolve to private addresses (an operator's own image host, a test fake). */
  privateHostsAllowed?: ReadonlySet<string>;
  resolve?: Resolver;
  timeoutMs?: number;
}

export type ImageFetcher = (address: string, signal?: AbortSignal) => Promise<Buffer>;

const MAX_REDIRECTS = 3;

/**
 * Fetches a picture's bytes from an outside address through the safe fetcher: public addresses
 * only (checked on the address actually connected to), the listed hosts only when a list is
 * given, at most 5 MB, 3 redirects each checked again. Every failure is an UploadError in the
 * upload messages, so a form shows it beside the field.
 */
export function createImageFetcher(policy: ImageFetchPolicy = {}): ImageFetcher {
  const fetcher = createSafeFetcher({
    privateHostsAllowed: new Set(policy.privateHostsAllowed ?? []),
    resolve: policy.resolve,
    userAgent: "MerchSimplified-ImageImport/1.0",
    accept: "image/webp,image/png,image/jpeg,image/gif;q=0.9",
  });
  const timeoutMs = policy.timeoutMs ?? 15_000;
  return async (address, signal) => {
    let url = parseImageAddress(address);
    const deadline = AbortSignal.timeout(timeoutMs);
    const overall = signal ? AbortSignal.any([signal, deadline]) : deadline;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (policy.allowedHosts && !policy.allowedHosts.has(url.host.toLowerCase())) {
        throw new UploadError(UPLOAD_MESSAGES.unreachable);
      }
      let response;
      try {
        response = await fetcher.get(url, MAX_UPLOAD_BYTES, overall);
      } catch {
        signal?.throwIfAborted();
        throw new UploadError(UPLOAD_MESSAGES.unreachable);
      }
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && location) {
        url = parseImageAddress(new URL(location, url).toString());
        continue;
      }
      if (response.status !== 200) throw new UploadError(UPLOAD_MESSAGES.unreachable);
      if (!response.body) throw new UploadError(UPLOAD_MESSAGES.tooLarge, 413);
      return response.body;
    }
    throw new UploadError(UPLOAD_MESSAGES.unreachable);
  };
}

function parseImageAddress(address: string) {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.unreachable);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UploadError(UPLOAD_MESSAGES.unreachable);
  }
  url.hash = "";
  return url;
}

/** S&S's documented image host, and the CDN third-party notes mention (docs/suppliers.md). */
export const DEFAULT_SS_IMAGE_BASE = "https://www.ssactivewear.com/";
const DEFAULT_CATALOG_IMAGE_HOSTS = ["www.ssactivewear.com", "cdn.ssactivewear.com"];

const hostList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);

export interface ImageFetchers {
  /** A picture an admin pasted the address of: any public host. */
  fromAddress: ImageFetcher;
  /** Catalogue pictures: the supplier image hosts only. */
  catalogue: ImageFetcher;
  /** Where S&S's relative image paths live (SS_ACTIVEWEAR_IMAGE_BASE_URL). */
  ssImageBase: string;
}

export function createImageFetchers(env: {
  SS_ACTIVEWEAR_IMAGE_BASE_URL?: string;
  CATALOG_IMAGE_HOSTS?: string;
  IMAGE_FETCH_PRIVATE_HOSTS?: string;
}): ImageFetchers {
  const privateHosts = new Set(hostList(env.IMAGE_FETCH_PRIVATE_HOSTS));
  const ssImageBase = env.SS_ACTIVEWEAR_IMAGE_BASE_URL ?? DEFAULT_SS_IMAGE_BASE;
  const ssImageOrigin = new URL(ssImageBase);
  // An operator who points the image base at a private host has chosen it (and only its port).
  const cataloguePrivate = new Set(privateHosts);
  if (env.SS_ACTIVEWEAR_IMAGE_BASE_URL) cataloguePrivate.add(ssImageOrigin.hostname.toLowerCase());
  return {
    fromAddress: createImageFetcher({ privateHostsAllowed: privateHosts }),
    catalogue: createImageFetcher({
      allowedHosts: new Set([
        ...DEFAULT_CATALOG_IMAGE_HOSTS,
        ssImageOrigin.host.toLowerCase(),
        ...hostList(env.CATALOG_IMAGE_HOSTS),
      ]),
      privateHostsAllowed: cataloguePrivate,
    }),
    ssImageBase,
  };
}
