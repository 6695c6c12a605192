import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);
const shared = {
  resolve: {
    alias: {
      "@": root,
      // lib/ modules import "server-only" to keep them out of client bundles; tests are server code.
      "server-only": path.join(root, "tests/helpers/server-only-stub.ts"),
    },
  },
};

// Every test runs on embedded PGlite; with TEST_DATABASE_URL set, the same tests run on that Postgres too.
const databases = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export default defineConfig({
  test: {
    projects: databases.map((database) => ({
      ...shared,
      test: {
        name: database,
        include: ["tests/**/*.test.ts"],
        exclude: ["tests/e2e/**"],
        env: { TEST_DB: database },
        testTimeout: 30_000,
        hookTimeout: 60_000,
        pool: "forks",
      },
    })),
  },
});
