import { serveSignedFileRequest } from "@/lib/server/signed-files";

/** Signed links to blobs (knowledge-base files, recordings): no API key, the signature is the permission. */
export { serveSignedFileRequest as GET, serveSignedFileRequest as HEAD };
