import { generateKeyPairSync } from "node:crypto";
import {
  closeSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  readdirSync,
  statSync,
  writeFileSync,
} from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import ssh2, { type Connection, type SFTPWrapper } from "ssh2";

// ssh2 is CommonJS: named imports work under Vite but not under plain Node (the benchmark).
const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

/**
 * SanMar's file server on 127.0.0.1: a read-only SFTP server (ssh2's Server, an RSA host key
 * generated at start, ssh-rsa only as SanMar offers) over a directory laid out like
 * reference §4.2. Switches: slow handshake, connection cut after N bytes of a file.
 */
export const SDL_N_COLUMNS = [
  "UNIQUE_KEY",
  "PRODUCT_TITLE",
  "PRODUCT_DESCRIPTION",
  "STYLE#",
  "AVAILABLE_SIZES",
  "BRAND_LOGO_IMAGE",
  "THUMBNAIL_IMAGE",
  "COLOR_SWATCH_IMAGE",
  "PRODUCT_IMAGE",
  "SPEC_SHEET",
  "PRICE_TEXT",
  "SUGGESTED_PRICE",
  "CATEGORY_NAME",
  "SUBCATEGORY_NAME",
  "COLOR_NAME",
  "COLOR_SQUARE_IMAGE",
  "COLOR_PRODUCT_IMAGE",
  "COLOR_PRODUCT_IMAGE_THUMBNAIL",
  "SIZE",
  "PIECE_WEIGHT",
  "PIECE_PRICE",
  "DOZENS_PRICE",
  "CASE_PRICE",
  "PRICE_GROUP",
  "CASE_SIZE",
  "INVENTORY_KEY",
  "SIZE_INDEX",
  "SANMAR_MAINFRAME_COLOR",
  "MILL",
  "PRODUCT_STATUS",
  "COMPANION_STYLE",
  "MSRP",
  "MAP_PRICING",
  "FRONT_MODEL_IMAGE_URL",
  "BACK_MODEL_IMAGE_URL",
  "FRONT_FLAT_IMAGE_URL",
  "BACK_FLAT_IMAGE_URL",
  "PRODUCT_MEASUREMENTS",
  "PMS_COLOR",
  "GTIN",
  "DECORATION_SPEC_SHEET",
];

const CATEGORIES = ["T-Shirts", "Polos/Knits", "Sweatshirts/Fleece", "Caps", "Bags", "Outerwear"];
const COLORS: [string, string][] = [
  ["Navy", "Navy"],
  ["Athletic Hthr", "Athletic Heather"],
  ["Jet Black", "Jet Black"],
  ["Red", "Red"],
];
const SIZES = ["XS", "S", "M", "L", "XL", "2XL"];
const quote = (v: string) => `"${v.replaceAll('"', '""')}"`;

/** Row `n` of a generated SDL_N file: deterministic, every field quoted, some with commas. */
export function sdlRow(n: number) {
  const style = Math.floor(n / 24);
  const color = COLORS[Math.floor(n / 6) % 4]!;
  const sizeIndex = (n % 6) + 1;
  const styleNo = `ST${1000 + style}`;
  const inventoryKey = String(50000 + style * 4 + (Math.floor(n / 6) % 4));
  const category = CATEGORIES[style % CATEGORIES.length]!;
  const values = [
    `${inventoryKey}${sizeIndex}`,
    `Example Brand Core Tee ${style}. ${styleNo}`,
    "5.4-ounce, 100% cotton jersey, tear-away label, side seams",
    styleNo,
    "XS-2XL",
    "brand.jpg",
    `${styleNo}_thumb.jpg`,
    `${styleNo}_swatch.jpg`,
    `${styleNo}.jpg`,
    `${styleNo}_spec.pdf`,
    "Price applies to sizes XS-XL",
    "7.98",
    style % 5 === 0 ? `${category};Tall` : category,
    "Cotton",
    color[1],
    "sq.jpg",
    "cp.jpg",
    "cpt.jpg",
    SIZES[sizeIndex - 1]!,
    "0.41",
    (3.1 + (style % 7)).toFixed(2),
    "3.10",
    "2.40",
    "NA",
    "72",
    inventoryKey,
    String(sizeIndex),
    color[0],
    "Example Brand",
    "Regular",
    "",
    "7.98",
    "NA",
    "fm.jpg",
    "bm.jpg",
    "ff.jpg",
    "bf.jpg",
    "NA",
    "533 C",
    String(10_000_000_000_000 + n),
    "",
  ];
  return values.map(quote).join(",") + "\n";
}

export const sdlHeader = () => SDL_N_COLUMNS.map(quote).join(",") + "\n";

/** Writes a generated SDL_N file of at least `bytes` bytes, streaming (never built in memory). */
export async function writeGeneratedSdl(file: string, options: { bytes?: number; rows?: number }) {
  const out = createWriteStream(file);
  out.write("\uFEFF" + sdlHeader());
  let written = 0;
  let n = 0;
  while (
    (options.rows === undefined || n < options.rows) &&
    (options.bytes === undefined || written < options.bytes)
  ) {
    const line = sdlRow(n++);
    written += line.length;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return { rows: n, bytes: statSync(file).size };
}

/** The folder layout of reference §4.2 with small sample files. */
export async function sampleSanMarTree(root = mkdtempSync(path.join(tmpdir(), "sanmar-sftp-"))) {
  const pdd = path.join(root, "SanMarPDD");
  for (const dir of ["SanMarPDD/SanMarPI", "In", "Release", "Holding", "Done"])
    mkdirSync(path.join(root, dir), { recursive: true });
  await writeGeneratedSdl(path.join(pdd, "SanMar_SDL_N.csv"), { rows: 240 });
  writeFileSync(
    path.join(pdd, "sanmar_dip.txt"),
    '"inventory_key"|"size_index"|"catalog_no"|"catalog_color"|"size"|"whse_no"|"quantity"|"piece_weight"|"piece_price"|"dozens_price"|"case_price"|"case_size"|"each_sale_price"|"dozens_sale_price"|"case_sale_price"|"sale_start_datetime"|"sale_end_datetime"|"unique_key"|"discontinued_code"\n' +
      '"55501"|"3"|"ST100"|"Navy"|"M"|"1"|"1500"|"0.41"|"3.10"|"3.10"|"2.40"|"72"|""|""|""|""|""|"555013"|""\n',
  );
  writeFileSync(path.join(pdd, "SanMar_EPDD.csv"), sdlHeader());
  writeFileSync(path.join(pdd, "SanMarPI", "Brand_PortCo_09-26-2026.csv"), sdlHeader());
  return root;
}

export interface FakeSftpBehaviour {
  /** Delay before accepting the password (to exercise the client's readyTimeout). */
  authDelayMs: number;
  /** Cut the connection once this many bytes of any file were sent (null: never). */
  dropAfterBytes: number | null;
}

export async function startFakeSanMarSftp(options: {
  root: string;
  username?: string;
  password?: string;
  /** A fixed port, e.g. to bring a stopped server back where the app expects it (default: any). */
  port?: number;
}) {
  const username = options.username ?? "123456";
  const password = options.password ?? "ftp-secret";
  const root = path.resolve(options.root);
  const behaviour: FakeSftpBehaviour = { authDelayMs: 0, dropAfterBytes: null };
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  const connections = new Set<Connection>();

  const local = (remote: string) => {
    const resolved = path.resolve(root, "." + path.posix.resolve("/", remote));
    return resolved.startsWith(root) ? resolved : null;
  };
  const attrsOf = (file: string) => {
    const s = statSync(file);
    return {
      mode: s.mode,
      uid: 0,
      gid: 0,
      size: s.size,
      atime: Math.floor(s.atimeMs / 1000),
      mtime: Math.floor(s.mtimeMs / 1000),
    };
  };

  function serveSftp(sftp: SFTPWrapper, client: Connection) {
    const handles = new Map<
      number,
      { kind: "file"; fd: number; sent: number } | { kind: "dir"; path: string; done: boolean }
    >();
    let next = 0;
    const handleId = (h: Buffer) => h.readUInt32BE(0);
    const newHandle = () => {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(++next);
      return b;
    };
    sftp.on("REALPATH", (reqid, p) => {
      const normal = path.posix.resolve("/", p);
      sftp.name(reqid, [{ filename: normal, longname: normal, attrs: {} as never }]);
    });
    const stat = (reqid: number, p: string) => {
      const file = local(p);
      try {
        if (!file) throw new Error();
        sftp.attrs(reqid, attrsOf(file));
      } catch {
        sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
      }
    };
    sftp.on("STAT", stat);
    sftp.on("LSTAT", stat);
    sftp.on("OPENDIR", (reqid, p) => {
      const dir = local(p);
      if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory())
        return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
      const h = newHandle();
      handles.set(handleId(h), { kind: "dir", path: dir, done: false });
      sftp.handle(reqid, h);
    });
    sftp.on("READDIR", (reqid, h) => {
      const entry = handles.get(handleId(h));
      if (!entry || entry.kind !== "dir") return sftp.status(reqid, STATUS_CODE.FAILURE);
      if (entry.done) return sftp.status(reqid, STATUS_CODE.EOF);
      entry.done = true;
      sftp.name(
        reqid,
        readdirSync(entry.path).map((name) => {
          const attrs = attrsOf(path.join(entry.path, name));
          const dir = (attrs.mode & 0o170000) === 0o040000;
          return {
            filename: name,
            longname: `${dir ? "d" : "-"}rw-r--r-- 1 0 0 ${attrs.size} Jan 1 00:00 ${name}`,
            attrs,
          };
        }),
      );
    });
    sftp.on("OPEN", (reqid, p) => {
      const file = local(p);
      try {
        if (!file) throw new Error();
        const fd = openSync(file, "r");
        const h = newHandle();
        handles.set(handleId(h), { kind: "file", fd, sent: 0 });
        sftp.handle(reqid, h);
      } catch {
        sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE);
      }
    });
    sftp.on("FSTAT", (reqid, h) => {
      const entry = handles.get(handleId(h));
      if (!entry || entry.kind !== "file") return sftp.status(reqid, STATUS_CODE.FAILURE);
      const s = statSync(`/proc/self/fd/${entry.fd}`);
      sftp.attrs(reqid, { mode: s.mode, uid: 0, gid: 0, size: s.size, atime: 0, mtime: 0 });
    });
    sftp.on("READ", (reqid, h, offset, length) => {
      const entry = handles.get(handleId(h));
      if (!entry || entry.kind !== "file") return sftp.status(reqid, STATUS_CODE.FAILURE);
      if (behaviour.dropAfterBytes !== null && entry.sent >= behaviour.dropAfterBytes) {
        client.end();
        return;
      }
      const buffer = Buffer.alloc(length);
      const read = readSync(entry.fd, buffer, 0, length, offset);
      if (read === 0) return sftp.status(reqid, STATUS_CODE.EOF);
      entry.sent += read;
      sftp.data(reqid, buffer.subarray(0, read));
    });
    sftp.on("CLOSE", (reqid, h) => {
      const entry = handles.get(handleId(h));
      if (entry?.kind === "file") closeSync(entry.fd);
      handles.delete(handleId(h));
      sftp.status(reqid, STATUS_CODE.OK);
    });
  }

  const server = new Server(
    { hostKeys: [privateKey], algorithms: { serverHostKey: ["ssh-rsa"] } },
    (client) => {
      connections.add(client);
      client.on("close", () => connections.delete(client));
      client.on("error", () => undefined);
      client.on("authentication", (ctx) => {
        const ok =
          ctx.method === "password" && ctx.username === username && ctx.password === password;
        const answer = () => (ok ? ctx.accept() : ctx.reject(["password"]));
        if (behaviour.authDelayMs > 0) setTimeout(answer, behaviour.authDelayMs);
        else answer();
      });
      client.on("ready", () => {
        client.on("session", (accept) => {
          const session = accept();
          session.on("sftp", (acceptSftp) => serveSftp(acceptSftp(), client));
        });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    username,
    password,
    root,
    behaviour,
    set(changes: Partial<FakeSftpBehaviour>) {
      Object.assign(behaviour, changes);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of connections) c.end();
        server.close(() => resolve());
      }),
  };
}
