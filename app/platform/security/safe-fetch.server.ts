import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Only ordinary public unicast addresses; IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

export class BlockedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = "BlockedAddressError";
  }
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, or null when it was larger than the limit. */
  body: Buffer | null;
}

export interface SafeFetcher {
  get(url: URL, maxBytes: number, signal: AbortSignal): Promise<SafeResponse>;
  close(): void;
}

/**
 * An HTTP GET that checks the address it actually connects to: the lookup handed to the socket is
 * the one that vets the address, so a DNS answer cannot change between check and connection.
 * Redirects are not followed here; the caller vets each hop as a new request.
 */
export function createSafeFetcher(options: {
  /** Hosts allowed to resolve to private addresses (the site's own configured base URL). */
  privateHostsAllowed: Set<string>;
  resolve?: Resolver;
  userAgent: string;
  /** The Accept header; pages by default. */
  accept?: string;
}): SafeFetcher {
  const resolve = options.resolve ?? systemResolver;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const allowPrivate = options.privateHostsAllowed.has(hostname.toLowerCase());
        const usable = addresses.filter((a) => allowPrivate || isPublicAddress(a.address));
        if (!usable.length) {
          const error = new BlockedAddressError(hostname, addresses[0]?.address ?? "nothing");
          callback(error as NodeJS.ErrnoException, "", 0);
          return;
        }
        if (lookupOptions.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 2, lookup } as http.AgentOptions),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 2, lookup } as https.AgentOptions),
  };

  return {
    get(url, maxBytes, signal) {
      // A literal IP address never reaches the lookup, so it is vetted here.
      const host = url.hostname.replace(/^\[|\]$/g, "");
      if (
        ipaddr.isValid(host) &&
        !options.privateHostsAllowed.has(url.hostname.toLowerCase()) &&
        !isPublicAddress(host)
      ) {
        return Promise.reject(new BlockedAddressError(host, host));
      }
      const agent = agents[url.protocol as "http:" | "https:"];
      if (!agent) return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
      const request = url.protocol === "https:" ? https.request : http.request;
      return new Promise<SafeResponse>((resolvePromise, reject) => {
        const req = request(
          url,
          {
            method: "GET",
            agent,
            lookup,
            signal,
            headers: {
              "user-agent": options.userAgent,
              accept:
                options.accept ??
                "text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8",
            },
          },
          (res) => {
            const declared = Number(res.headers["content-length"] ?? 0);
            if (declared > maxBytes) {
              res.destroy();
              resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: null });
              return;
            }
            const parts: Buffer[] = [];
            let size = 0;
            let tooBig = false;
            res.on("data", (part: Buffer) => {
              size += part.length;
              if (size > maxBytes) {
                tooBig = true;
                res.destroy();
                resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: null });
                return;
              }
              parts.push(part);
            });
            res.on("end", () => {
              if (!tooBig)
                resolvePromise({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  body: Buffer.concat(parts),
                });
            });
            res.on("error", (error) => {
              if (!tooBig) reject(error);
            });
          },
        );
        req.on("error", reject);
        req.end();
      });
    },
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}
