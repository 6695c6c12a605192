import "server-only";
import { serveSignedFile } from "@/lib/storage/serve-signed-file";
import { getRuntime } from "./runtime";

/** `/files/…`: signed links to blobs (knowledge-base files, recordings), served from the process's storage. */
export async function serveSignedFileRequest(request: Request): Promise<Response> {
  const runtime = await getRuntime();
  return serveSignedFile(request, { storage: runtime.storage, links: runtime.links });
}
