import { createRouter } from "../router";

export function callRoutes() {
  return createRouter();
}
