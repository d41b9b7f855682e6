import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "~/platform/config/env.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "ms-env-"));

describe("configuration", () => {
  it("has working defaults for a fresh clone", () => {
    const dir = tempDir();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", PUBLIC_URL: "http://localhost:3000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadEnv({ DATA_DIR: dir }).AUTH_SECRET;
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
    expect(loadEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
  });

  it.each([
    [{ PORT: "abc" }, /^PORT: /],
    [{ PORT: "70000" }, /^PORT: /],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL: must be a URL starting with postgres:/],
    [{ PUBLIC_URL: "not a url" }, /^PUBLIC_URL: /],
    [{ AUTH_SECRET: "short" }, /^AUTH_SECRET: must be at least 32 characters/],
    [{ ADMIN_EMAIL: "nobody" }, /^ADMIN_EMAIL: must be an email address/],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL: /],
  ])("rejects %o with one line naming the variable", (values, message) => {
    const run = () => loadEnv({ DATA_DIR: tempDir(), ...values });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });

  it("stops with a clear line when DATA_DIR cannot be written", () => {
    const file = path.join(tempDir(), "not-a-folder");
    writeFileSync(file, "");
    expect(() => loadEnv({ DATA_DIR: file })).toThrow(/^DATA_DIR: cannot write to .*not-a-folder/);
  });

  it("trims a trailing slash from PUBLIC_URL", () => {
    expect(
      loadEnv({ DATA_DIR: tempDir(), PUBLIC_URL: "https://shop.example.com/" }).PUBLIC_URL,
    ).toBe("https://shop.example.com");
  });
});
