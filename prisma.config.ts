// Prisma CLI configuration. The CLI is a development tool here: the app applies migrations itself
// (lib/db/migrate.ts). The JS schema engine runs on an in-memory PGlite, so no native engine is
// downloaded; DATABASE_URL gets a dummy default so `prisma generate` never looks for one either.
import { defineConfig } from "prisma/config";

process.env.CHECKPOINT_DISABLE ??= "1";
process.env.DATABASE_URL ||= "postgresql://unused@localhost:5432/unused";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    return new PrismaPGlite(new PGlite());
  },
});
