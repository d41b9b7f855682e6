/**
 * `npm run admin -- create <email>`: creates an admin account (or gives an existing account the
 * admin role), asking for the password in the terminal so it never lands in shell history.
 */
import path from "node:path";
import { createInterface } from "node:readline";
import { pino } from "pino";
import { z } from "zod";
import { ConfigError, loadEnv } from "../app/platform/config/env.server";
import { openDatabase } from "../app/platform/db/client.server";
import { ensureAdminAccount } from "../app/platform/auth/admin.server";
import { MIN_PASSWORD_LENGTH } from "../app/platform/auth/roles";
import { createServices } from "../server/services";

const USAGE = "Usage: npm run admin -- create <email>";

async function main() {
  const [command, email] = process.argv.slice(2);
  if (command !== "create" || !email) throw new ConfigError(USAGE);
  if (!z.email().safeParse(email).success) throw new ConfigError(`Not an email address: ${email}`);

  const password = await askPassword(
    `Password for ${email} (${MIN_PASSWORD_LENGTH}+ characters): `,
  );
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ConfigError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }

  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
  });
  try {
    const { outcome } = await ensureAdminAccount(
      {
        db: database.db,
        env,
        services: createServices({ env, db: database.db, logger: pino({ level: env.LOG_LEVEL }) }),
      },
      { email, password },
      "system (npm run admin)",
    );
    const messages = {
      created: `Created the admin account ${email}.`,
      granted: `${email} already had an account; it now has the admin role (password unchanged).`,
      "already-admin": `${email} is already an admin; nothing changed.`,
    };
    console.log(messages[outcome]);
  } finally {
    await database.close();
  }
}

/** Reads one line without echoing it on a terminal; piped input (scripts, CI) is read as is. */
function askPassword(prompt: string) {
  return new Promise<string>((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let prompted = false;
    output._writeToOutput = (text: string) => {
      if (!prompted) {
        prompted = true;
        process.stdout.write(text);
      }
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
