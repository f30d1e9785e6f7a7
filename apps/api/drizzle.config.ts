import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/api` writes a reviewed SQL migration into ./drizzle.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
