import { describe, expect, it } from "vitest";
import { builtOnce } from "../../server/route-tree";

describe("route trees built once per build", () => {
  it("builds once for a source and variant, and hands the same tree back after", () => {
    const manifest = {};
    let builds = 0;
    const build = () => ({ routes: [], build: ++builds });
    const first = builtOnce(manifest, false, build);
    expect(builtOnce(manifest, false, build)).toBe(first);
    expect(builds).toBe(1);
  });

  it("builds anew for another variant or another source (a new build's manifest)", () => {
    const manifest = {};
    const next = {};
    let builds = 0;
    const build = () => ++builds;
    expect(builtOnce(manifest, false, build)).toBe(1);
    expect(builtOnce(manifest, true, build)).toBe(2);
    expect(builtOnce(next, false, build)).toBe(3);
    expect(builtOnce(manifest, false, build)).toBe(1);
  });
});
