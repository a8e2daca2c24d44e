// drizzle-kit reads this to generate SQL migrations from src/db/schema.ts (`npm run db:generate -w api`).
// Generation needs no database; PGlite and PostgreSQL both run the same generated files.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
