import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../context";

const acceptableId = /^[A-Za-z0-9._:-]{8,128}$/;

export const newRequestId = () => `req_${crypto.randomUUID().replaceAll("-", "")}`;

/** Reuses a caller's X-Request-Id when it is sane, so logs can be joined across systems. */
export const requestId = createMiddleware<ApiEnv>(async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const id = incoming && acceptableId.test(incoming) ? incoming : newRequestId();
  c.set("requestId", id);
  c.header("X-Request-Id", id);
  await next();
});
