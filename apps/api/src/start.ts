import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { DatabaseInUseError } from './db/embedded-postgres.ts';

/** The settings, or the process ends with the settings' own message (a typo in `.env` is no stack trace). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The database of the settings (the PostgreSQL server of `DATABASE_URL`, else the embedded one in `DATA_DIR`), or
 * the process ends with a clear message when another process holds the embedded database; `hint` follows it.
 */
export async function openDatabaseOrExit(config: Config, hint?: string): Promise<Database> {
  try {
    const statementTimeoutMs = config.databaseStatementTimeoutMs;
    return await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, statementTimeoutMs }
        : { dataDir: config.dataDir, statementTimeoutMs },
    );
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(hint ? `${error.message}\n${hint}` : error.message);
      process.exit(1);
    }
    throw error;
  }
}
