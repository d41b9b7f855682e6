import { describe, expect, it } from "vitest";
import { matchRememberingBranch } from "../../server/route-matching";

/** Branches as prefixes, in rank order; a match is a new object, as React Router's are. */
const branches = ["/admin/users", "/admin", "/products/", "/product-search", "/"];
function counting() {
  let calls = 0;
  const matchBranch = (branch: string, pathname: string, allowPartial: boolean) => {
    calls++;
    const fits =
      branch === "/"
        ? pathname === "/"
        : pathname.startsWith(branch) || (allowPartial && branch.startsWith(pathname));
    return fits ? [{ branch, pathname }] : null;
  };
  return { matchBranch, calls: () => calls };
}
const plainly = (pathname: string, allowPartial = false) => {
  for (const branch of branches) {
    const matches = counting().matchBranch(branch, pathname, allowPartial);
    if (matches) return matches;
  }
  return null;
};

describe("route matching that remembers the matching branch", () => {
  it("finds what trying every branch finds, and the second time tries only that branch", () => {
    const list = [...branches];
    for (const pathname of ["/product-search", "/products/abc", "/admin/users", "/", "/nowhere"]) {
      const first = counting();
      expect(matchRememberingBranch(list, pathname, false, first.matchBranch)).toEqual(
        plainly(pathname),
      );
      const again = counting();
      const matches = matchRememberingBranch(list, pathname, false, again.matchBranch);
      expect(matches).toEqual(plainly(pathname));
      // A path that matched nothing is not tried again at all.
      expect(again.calls()).toBe(matches ? 1 : 0);
    }
  });

  it("builds the matches anew each time, so no request shares another's objects", () => {
    const list = [...branches];
    const { matchBranch } = counting();
    const first = matchRememberingBranch(list, "/products/abc", false, matchBranch);
    const second = matchRememberingBranch(list, "/products/abc", false, matchBranch);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second![0]).not.toBe(first![0]);
  });

  it("keeps partial and whole matches apart, and each branch list apart", () => {
    const list = [...branches];
    expect(matchRememberingBranch(list, "/admin/us", false, counting().matchBranch)).toEqual(
      plainly("/admin/us"),
    );
    expect(matchRememberingBranch(list, "/admin/us", true, counting().matchBranch)).toEqual(
      plainly("/admin/us", true),
    );
    const other = ["/"];
    expect(
      matchRememberingBranch(other, "/products/abc", false, counting().matchBranch),
    ).toBeNull();
  });

  it("does not remember long paths, and stays right past the number it remembers", () => {
    const list = [...branches];
    const long = `/products/${"x".repeat(300)}`;
    matchRememberingBranch(list, long, false, counting().matchBranch);
    const again = counting();
    expect(matchRememberingBranch(list, long, false, again.matchBranch)).toEqual(plainly(long));
    expect(again.calls()).toBe(3);

    for (let i = 0; i < 2_500; i++) {
      const pathname = i % 2 ? `/products/${i}` : `/nowhere/${i}`;
      expect(matchRememberingBranch(list, pathname, false, counting().matchBranch)).toEqual(
        plainly(pathname),
      );
    }
    const last = counting();
    expect(matchRememberingBranch(list, "/products/2499", false, last.matchBranch)).toEqual(
      plainly("/products/2499"),
    );
    expect(last.calls()).toBe(1);
  });
});
