import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

// Issue 21 item 16: `npm install` on the Node.js version the README promises prints no EBADENGINE.
describe("the Node.js version the README promises", () => {
  const promised = /You need Node\.js (\d+\.\d+) or newer/.exec(read("README.md"))?.[1];
  const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines;

  it("is the one package.json's engines field asks for", () => {
    // The README names a version in the words the sentence promises.
    expect(promised).toMatch(/^\d+\.\d+$/);
    expect(semver.minVersion(engines.node)?.version).toBe(`${promised}.0`);
  });

  it("satisfies every installed package's own engines field", () => {
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const oldest = `${promised}.0`;
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => {
        const range = !Array.isArray(p.engines) ? p.engines?.node : undefined;
        return range !== undefined && !semver.satisfies(oldest, range);
      })
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, "")}@${p.version}`);
    expect(refusing).toEqual([]);
  });
});
