import { fileURLToPath } from 'node:url';
import type { Database } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder };
  switch (database.driver) {
    case 'pglite': {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as never, config);
      return;
    }
    case 'neon': {
      const { migrate } = await import('drizzle-orm/neon-serverless/migrator');
      await migrate(database.db as never, config);
      return;
    }
    case 'pg': {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.db as never, config);
      return;
    }
  }
}
