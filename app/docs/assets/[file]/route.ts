import { readFile } from "node:fs/promises";
import path from "node:path";
import { getAbsoluteFSPath } from "swagger-ui-dist";

const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

// Swagger UI renders each operation's path as a deep link inside the button that opens it: a link in a
// button (axe: nested-interactive), which screen readers may not announce and keyboards reach twice.
// This plugin renders the path as text; deep linking stays on, so the address bar still follows the
// open operation and a shared #/Tag/operationId link still opens it.
const init = `const PathAsText = () => ({
  wrapComponents: {
    OperationSummaryPath: (Original, system) => (props) =>
      system.React.createElement(Original, { ...props, operationProps: props.operationProps.set("isDeepLinkingEnabled", false) }),
  },
});
window.ui = SwaggerUIBundle({
  url: "/v1/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: false,
  plugins: [PathAsText],
});
// Swagger UI's server picker is a <select id="servers"> without a name of its own (axe: select-name).
new MutationObserver(() => {
  const picker = document.getElementById("servers");
  if (picker && !picker.hasAttribute("aria-label")) picker.setAttribute("aria-label", "Server");
}).observe(document.getElementById("reference"), { childList: true, subtree: true });`;

// The studio keeps its theme choice (next-themes) in localStorage "theme": light, dark or system.
const theme = `(() => {
  let choice = "system";
  try { choice = localStorage.getItem("theme") || "system"; } catch {}
  const dark = choice === "dark" || (choice === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
})();`;

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  if (file === "docs-init.js") return new Response(init, { headers: { "content-type": "text/javascript; charset=utf-8" } });
  if (file === "docs-theme.js") return new Response(theme, { headers: { "content-type": "text/javascript; charset=utf-8" } });
  const type = assets[file];
  if (!type) return new Response("Not found", { status: 404 });
  const body = await readFile(path.join(getAbsoluteFSPath(), file));
  return new Response(body, { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
}
