import { getRuntime } from "@/lib/server/runtime";

/** Every /v1 request goes to the one Hono app (lib/api). */
async function handle(request: Request): Promise<Response> {
  const runtime = await getRuntime();
  return runtime.api.fetch(request);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS, handle as HEAD };
