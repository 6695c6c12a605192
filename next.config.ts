import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native or WASM-backed server packages must not be bundled (PGlite breaks when bundled).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pg-boss", "@node-rs/argon2", "swagger-ui-dist", "unpdf", "@aws-sdk/client-s3", "bson", "libphonenumber-geo-carrier"],
  poweredByHeader: false,
  // forbidden() answers 403 with app/forbidden.tsx (the audit log is for owners and admins).
  experimental: { authInterrupts: true },
  // A separate build directory lets a test build run beside a developer's own `.next`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
