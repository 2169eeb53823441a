import { defineConfig } from 'drizzle-kit';

// `drizzle-kit generate` needs no database: it diffs db/schema.ts against the
// snapshots in db/migrations. Migrations are applied with `npm run db:migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
