import { sql } from "drizzle-orm";
import { getRuntime } from "@/lib/server/runtime";

/** 200 once the database answers; 503 with the reason otherwise. */
export async function GET() {
  try {
    const runtime = await getRuntime();
    await runtime.connection.db.execute(sql`select 1`);
    return Response.json({ status: "ok" });
  } catch (error) {
    console.error("health check failed:", error);
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
}
