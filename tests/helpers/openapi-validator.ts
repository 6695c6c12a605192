import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

type OpenApiDocument = { paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>> };

export type Operation = { method: string; path: string; operationId: string };

/**
 * Checks answers against the OpenAPI document, as a validating proxy does: the operation is found by
 * method and path template, the status must be documented for it, and a JSON body must match the
 * schema documented for that status (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 */
export function openApiValidator(document: unknown) {
  const doc = document as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const ROOT = "https://voice.test/openapi.json";
  ajv.addSchema({ ...(document as object), $id: ROOT });
  const compiled = new Map<string, ValidateFunction>();
  const operations: (Operation & { pattern: RegExp })[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    for (const [method, operation] of Object.entries(methods)) operations.push({ method, path, operationId: operation.operationId ?? "", pattern });
  }
  // Literal paths before templates (/calls/phone is not /calls/{call_id}).
  operations.sort((a, b) => (a.path.includes("{") ? 1 : 0) - (b.path.includes("{") ? 1 : 0));
  const seen = new Set<string>();

  return {
    operations: operations.map(({ method, path, operationId }) => ({ method, path, operationId })),
    /** Operations answered so far, as `METHOD path`. */
    seen,
    /** Problems with this answer (empty when it conforms). */
    check(method: string, url: string, status: number, contentType: string | null, body: string): string[] {
      const pathname = new URL(url, "http://x").pathname;
      const operation = operations.find((op) => op.method === method.toLowerCase() && op.pattern.test(pathname));
      if (!operation) return [`${method} ${pathname}: no such operation in the document`];
      seen.add(`${operation.method.toUpperCase()} ${operation.path}`);
      const responses = doc.paths[operation.path][operation.method].responses;
      const response = responses[String(status)] ?? responses.default;
      if (!response) return [`${method} ${operation.path}: status ${status} is not documented (${Object.keys(responses).join(", ")})`];
      const mediaType = (contentType ?? "").split(";")[0].trim();
      if (!response.content) return body === "" ? [] : [`${method} ${operation.path} ${status}: documented without a body, answered one`];
      const documented = response.content[mediaType];
      if (!documented) return [`${method} ${operation.path} ${status}: ${mediaType || "no content type"} is not documented (${Object.keys(response.content).join(", ")})`];
      if (mediaType !== "application/json") return [];
      const pointer = `#/paths/${operation.path.replaceAll("~", "~0").replaceAll("/", "~1")}/${operation.method}/responses/${status in responses ? status : "default"}/content/application~1json/schema`;
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${ROOT}${pointer}` });
        compiled.set(pointer, validate);
      }
      if (validate(JSON.parse(body))) return [];
      return (validate.errors ?? []).map((error) => `${method} ${operation.path} ${status}: ${error.instancePath || "(body)"} ${error.message}`);
    },
  };
}
