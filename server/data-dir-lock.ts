import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";
import { ConfigError } from "../app/platform/config/env.server";

/** The lock's age after which a holder that stopped refreshing it (kill -9, power loss) is gone. */
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

/**
 * The embedded database may be opened by one process only: two processes writing the same
 * PGlite files each keep their own view and whichever stops first loses its writes. Takes an
 * exclusive lock on DATA_DIR (a lock directory refreshed every 2 s), released on exit; a lock
 * left by a crashed process is taken over once it is stale, or at once when its owner's
 * process id is gone on this host. Resolves with the release function.
 */
export async function lockDataDir(
  dataDir: string,
  options: { onLost: (error: Error) => void; waitMs?: number },
): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, "pglite.lock");
  const ownerFile = path.join(dataDir, "pglite.lock.owner");
  const ownerAlive = removeIfOwnerIsDead(lockPath, ownerFile);
  // A holder alive on this host keeps its lock fresh: waiting for it to go stale is waiting for
  // nothing. A lock it did not refresh (its process id since reused) is still taken over at once.
  const waitMs = ownerAlive ? 0 : (options.waitMs ?? STALE_MS + UPDATE_MS);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: { retries: Math.ceil(waitMs / 1000), factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: options.onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    throw new ConfigError(
      `DATA_DIR: ${dataDir} is in use by another server process${describeOwner(ownerFile)}; ` +
        "stop it first (the embedded database allows one process; use DATABASE_URL for more)",
    );
  }
  writeFileSync(ownerFile, JSON.stringify({ pid: process.pid, host: hostname() }));
  return async () => {
    rmSync(ownerFile, { force: true });
    await release().catch(() => {});
  };
}

function readOwner(ownerFile: string): { pid: number; host: string } | null {
  try {
    return JSON.parse(readFileSync(ownerFile, "utf8"));
  } catch {
    return null;
  }
}

function describeOwner(ownerFile: string) {
  const owner = readOwner(ownerFile);
  return owner ? ` (pid ${owner.pid} on ${owner.host})` : "";
}

/**
 * A restart right after a crash need not wait for the lock to go stale. True when the lock's
 * owner is a live process on this host.
 */
function removeIfOwnerIsDead(lockPath: string, ownerFile: string) {
  const owner = readOwner(ownerFile);
  if (!owner || owner.host !== hostname()) return false;
  // Same pid as ours: a container restarted with the same pid namespace; the old holder is gone.
  if (owner.pid !== process.pid && isAlive(owner.pid)) return true;
  rmSync(lockPath, { recursive: true, force: true });
  rmSync(ownerFile, { force: true });
  return false;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
