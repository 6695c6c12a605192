import { z } from "@hono/zod-openapi";
import type { AddSourcesInput, TextSourceInput, UploadedFile } from "@/lib/services/knowledge-bases/knowledge-base-sources";
import { ApiError } from "../errors";
import { nulError, nulPath } from "../middleware/nul-characters";
import { zodIssuesToDetails } from "@/lib/utils/zod-issue-details";

/** `file_sources.<index>.items` (the specification's naming), plain `file_sources`, and the common variants. */
const FILE_PART = /^file_sources(?:\.\d+(?:\.items)?|\[\d*\])?$/;
const TEXT_PART = "text_sources";

const TextSourcesSchema = z.array(z.strictObject({ title: z.string(), content: z.string() }), {
  message: "Must be a JSON array of {title, content} objects",
});

const tooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The upload is larger than ${limit} bytes`, [
    { field: "body", message: `The whole request may be at most ${limit} bytes` },
  ]);

/** Reads the body, failing with 413 as soon as more than `limit` bytes arrive (nothing is stored by then). */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    parts.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.byteLength;
  }
  return body;
}

function parseTextSources(raw: string): TextSourceInput[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError("generic_error", "text_sources is not valid JSON", [
      { field: TEXT_PART, message: "Must be a JSON string holding an array of {title, content} objects" },
    ]);
  }
  const nul = nulPath(parsed);
  if (nul) throw nulError({ ...nul, path: [TEXT_PART, ...nul.path] });
  const result = TextSourcesSchema.safeParse(parsed);
  if (!result.success) {
    const details = zodIssuesToDetails(result.error.issues, TEXT_PART).map((detail) => ({
      ...detail,
      field: detail.field === TEXT_PART ? TEXT_PART : `${TEXT_PART}${detail.field.startsWith("[") ? "" : "."}${detail.field}`,
    }));
    throw new ApiError("generic_error", `Invalid ${details[0].field}: ${details[0].message}`, details);
  }
  return result.data;
}

/**
 * The parts of a knowledge-base upload. Unknown parts are refused (400 naming them), as unknown JSON
 * fields are. Sizes per file and the PDF check are the service's; this caps the request as a whole.
 */
export async function readSourceUpload(request: Request, maxRequestBytes: number): Promise<AddSourcesInput> {
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.split(";")[0].trim().toLowerCase() !== "multipart/form-data") {
    throw new ApiError("unsupported_media_type", `Content-Type must be multipart/form-data, not "${contentType.split(";")[0] || "none"}"`, [
      { field: "content-type", message: "Send the sources as multipart/form-data" },
    ]);
  }
  const body = await readCappedBody(request, maxRequestBytes);
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("generic_error", "The multipart body could not be parsed", [{ field: "body", message: "Malformed multipart/form-data" }]);
  }

  const files: UploadedFile[] = [];
  let texts: TextSourceInput[] = [];
  let textSeen = false;
  for (const [name, value] of form.entries()) {
    if (FILE_PART.test(name)) {
      if (typeof value === "string") {
        throw new ApiError("generic_error", `${name} must be a file`, [{ field: name, message: "Must be a file part (with a filename)" }]);
      }
      files.push({ field: name, fileName: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
    } else if (name === TEXT_PART) {
      if (textSeen) {
        throw new ApiError("generic_error", "text_sources was sent more than once", [
          { field: TEXT_PART, message: "Send one text_sources part holding an array" },
        ]);
      }
      textSeen = true;
      texts = parseTextSources(typeof value === "string" ? value : await value.text());
    } else {
      throw new ApiError("generic_error", `Unknown part "${name}"`, [
        { field: name, message: "Unknown part: send files as file_sources (or file_sources.<index>.items) and texts as text_sources" },
      ]);
    }
  }
  return { files, texts };
}
