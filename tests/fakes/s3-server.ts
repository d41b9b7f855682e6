import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// s3rver ships no types; its constructor options and run/close are all we use.
// @ts-expect-error untyped package
import S3rver from "s3rver";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

/** An S3-compatible server on loopback (s3rver), with one empty bucket, files in a temp folder. */
export async function startFakeS3(bucket = "merch-test"): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "ms-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's fixed development credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
