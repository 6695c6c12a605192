import { createRouter } from "../router";

export function phoneNumberRoutes() {
  return createRouter();
}
