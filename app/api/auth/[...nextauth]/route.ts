import { handlers } from "@/lib/server/next-auth";

export const { GET, POST } = handlers;
