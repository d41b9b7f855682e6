import { readdirSync, readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Thread priorities for the catalogue thread (server/catalogue-thread.ts). Linux keeps a nice
 * value per thread (0 is normal, 19 the lowest), and a thread starts with its creator's. Where
 * there is no /proc (not Linux), priorities stay as they are.
 */
const BACKGROUND_NICE = 10;

function lower(thread: number) {
  try {
    setPriority(thread, BACKGROUND_NICE);
  } catch {
    // A thread that ended meanwhile.
  }
}

/** Lowers the calling thread's priority. */
export function lowerThisThread() {
  try {
    lower(Number(readlinkSync("/proc/thread-self").split("/")[2]));
  } catch {
    // Not Linux.
  }
}

/**
 * Lowers every thread of this process that runs now but the main one: V8's helper threads, which
 * collect the garbage of every thread's heap, and libuv's pool if it has started.
 */
export function lowerHelperThreads() {
  let threads: string[];
  try {
    threads = readdirSync("/proc/self/task");
  } catch {
    return;
  }
  for (const thread of threads) if (Number(thread) !== process.pid) lower(Number(thread));
}
