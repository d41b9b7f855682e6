import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSanMarSftpClient } from "~/platform/suppliers/sanmar-sftp.server";
import { sampleSanMarTree, startFakeSanMarSftp, writeGeneratedSdl } from "../fakes/sanmar-sftp";
import { captureLogger } from "../support/supplier-logger";

let fake: Awaited<ReturnType<typeof startFakeSanMarSftp>>;
let root: string;

beforeAll(async () => {
  root = await sampleSanMarTree();
  await writeGeneratedSdl(path.join(root, "SanMarPDD", "large_SDL_N.csv"), { bytes: 5_000_000 });
  writeFileSync(
    path.join(root, "SanMarPDD", "broken.csv"),
    '"UNIQUE_KEY","STYLE#"\n"1","unterminated\n',
  );
  fake = await startFakeSanMarSftp({ root });
});
afterAll(() => fake.close());
afterEach(() => fake.set({ authDelayMs: 0, dropAfterBytes: null }));

function client(overrides: { password?: string; timeoutMs?: number } = {}) {
  const log = captureLogger();
  return {
    log,
    sftp: createSanMarSftpClient({
      host: fake.host,
      port: fake.port,
      username: fake.username,
      password: overrides.password ?? fake.password,
      logger: log.logger,
      timeoutMs: overrides.timeoutMs ?? 5000,
    }),
  };
}

describe("SanMar SFTP client against the fake", () => {
  it("lists folders and files and finds the product file with its size", async () => {
    const { sftp } = client();
    const survey = await sftp.survey();
    expect(survey.root.filter((f) => f.isDirectory).map((f) => f.name)).toEqual(
      expect.arrayContaining(["SanMarPDD", "In", "Release"]),
    );
    expect(survey.files.map((f) => f.name)).toEqual(
      expect.arrayContaining(["SanMar_SDL_N.csv", "sanmar_dip.txt", "SanMarPI"]),
    );
    expect(survey.target).toMatchObject({
      name: "SanMar_SDL_N.csv",
      path: "/SanMarPDD/SanMar_SDL_N.csv",
      isDirectory: false,
    });
    expect(survey.target!.size).toBeGreaterThan(1000);
  });

  it("streams the product CSV row by row with SanMar's headers (BOM, quoted commas)", async () => {
    const { sftp } = client();
    const styles = new Set<string>();
    let first: Record<string, string> | undefined;
    const result = await sftp.streamCsv({}, (row) => {
      first ??= row;
      styles.add(row["STYLE#"]!);
    });
    expect(result.rows).toBe(240);
    expect(styles.size).toBe(10);
    expect(first).toMatchObject({
      UNIQUE_KEY: "500001",
      "STYLE#": "ST1000",
      SIZE: "XS",
      SANMAR_MAINFRAME_COLOR: "Navy",
    });
    expect(first!.PRODUCT_DESCRIPTION).toContain(", tear-away label");
  });

  it("parses the pipe-delimited inventory file", async () => {
    const rows: Record<string, string>[] = [];
    await client().sftp.streamCsv({ name: "SANMAR_DIP.TXT" }, (row) => void rows.push(row));
    expect(rows).toEqual([
      expect.objectContaining({ catalog_no: "ST100", quantity: "1500", unique_key: "555013" }),
    ]);
  });

  it("streams a multi-megabyte file and can stop early", async () => {
    const { sftp } = client();
    let seen = 0;
    const result = await sftp.streamCsv({ name: "large_SDL_N.csv" }, () => ++seen < 1000);
    expect(result.rows).toBe(1000);
  });

  it("refuses a wrong password with an auth error and no password in the logs", async () => {
    const { sftp, log } = client({ password: "nope-wrong" });
    await expect(sftp.survey()).rejects.toMatchObject({
      supplier: "sanmar-sftp",
      kind: "auth",
      retryable: false,
    });
    expect(log.text()).not.toContain("nope-wrong");
  });

  it("times out a server that does not finish the handshake", async () => {
    fake.set({ authDelayMs: 2000 });
    await expect(client({ timeoutMs: 300 }).sftp.survey()).rejects.toMatchObject({
      kind: "timeout",
      retryable: true,
    });
  });

  it("reports a malformed CSV", async () => {
    await expect(
      client().sftp.streamCsv({ name: "broken.csv" }, () => undefined),
    ).rejects.toMatchObject({
      kind: "malformed",
    });
  });

  it("reports a transfer cut off mid-file as a retryable network error", async () => {
    fake.set({ dropAfterBytes: 200_000 });
    await expect(
      client().sftp.streamCsv({ name: "large_SDL_N.csv" }, () => undefined),
    ).rejects.toMatchObject({
      kind: "network",
      retryable: true,
    });
  });

  it("says which file is missing", async () => {
    await expect(
      client().sftp.streamCsv({ name: "nothing.csv" }, () => undefined),
    ).rejects.toMatchObject({
      kind: "not_found",
      message: "SanMarPDD/nothing.csv is not on the file server.",
    });
  });
});
