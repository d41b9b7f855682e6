import { createEmptyPostgresDatabase } from "./database";
import { type RunningServer, startServer } from "./server";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The production server on a new PostgreSQL database of its own, dropped once the server stops. */
export async function startServerOnPostgres(env: Record<string, string>): Promise<RunningServer> {
  const database = await createEmptyPostgresDatabase(serverUrl);
  const server = await startServer({ env: { ...env, DATABASE_URL: database.url } });
  return {
    ...server,
    async stop() {
      const code = await server.stop();
      await database.drop();
      return code;
    },
  };
}
