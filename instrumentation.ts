/** Boots the runtime when the server starts, so migrations run and workers poll before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerRuntime } = await import("./lib/server/start-server-runtime");
  await startServerRuntime();
}
