/**
 * React Router's route matching, remembering which branch matched each path (issue 24).
 *
 * React Router tries the app's route branches in rank order until one matches, and it matches a
 * page's path several times a request. With 54 routes, the tries that fail were 16 % of the bytes
 * a search page allocated; remembering the branch saved about 6 % of the main thread's time
 * (docs/performance.md, 2026-12-04). Which branch matches depends only on the branches and the
 * path, so it is remembered per branch list, and the next match of that path tries that branch
 * alone. The matches themselves are built anew each time, as React Router built them: nothing of
 * one request is handed to another.
 *
 * `scripts/build-server.mjs` puts this in React Router's `matchRoutesImpl` when it bundles the
 * router, and stops the build if that function no longer reads as expected.
 */
/** Paths remembered per branch list; past this many the list starts again (product pages vary). */
const MAX_PATHS = 1_000;
/** Longer paths are matched each time, so that no visitor can fill memory with long addresses. */
const MAX_PATH_LENGTH = 256;

const remembered = new WeakMap<object, Map<string, number>>();

export function matchRememberingBranch<Branch, Matches>(
  branches: Branch[],
  pathname: string,
  allowPartial: boolean,
  matchBranch: (branch: Branch, pathname: string, allowPartial: boolean) => Matches | null,
): Matches | null {
  let known = remembered.get(branches);
  if (!known) remembered.set(branches, (known = new Map()));
  const key = (allowPartial ? "partial:" : "whole:") + pathname;
  const index = known.get(key);
  if (index !== undefined) {
    return index < 0 ? null : matchBranch(branches[index]!, pathname, allowPartial);
  }
  let found = -1;
  let matches: Matches | null = null;
  for (let i = 0; i < branches.length; i++) {
    matches = matchBranch(branches[i]!, pathname, allowPartial);
    if (matches != null) {
      found = i;
      break;
    }
  }
  if (pathname.length <= MAX_PATH_LENGTH) {
    if (known.size >= MAX_PATHS) known.clear();
    known.set(key, found);
  }
  return matches;
}
