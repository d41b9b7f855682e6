import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  from: string;
  to: string[];
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, ready for SMTP_URL or smtpTransport(). */
  url: string;
  received: ReceivedEmail[];
  /** While on, every recipient is refused with a temporary (4xx) error, like a mail server outage. */
  setOutage(on: boolean): void;
  close(): Promise<void>;
}

/** A mail server on loopback that speaks real SMTP and keeps what it is sent. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  let outage = false;
  const server = new SMTPServer({
    // Plain SMTP on loopback, as a local relay would be: no TLS, no login.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!outage) return callback();
      const refusal = Object.assign(new Error("Mailbox temporarily unavailable, try again later"), {
        responseCode: 451,
      });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: parseHeaders(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setOutage(on) {
      outage = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseHeaders(raw: string) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
