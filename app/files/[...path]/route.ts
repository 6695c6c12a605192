import { getRuntime } from "@/lib/server/runtime";
import { serveSignedFile } from "@/lib/storage/serve-signed-file";

/** Signed links to blobs (knowledge-base files, recordings): no API key, the signature is the permission. */
async function handle(request: Request): Promise<Response> {
  const runtime = await getRuntime();
  return serveSignedFile(request, { storage: runtime.storage, links: runtime.links });
}

export { handle as GET, handle as HEAD };
