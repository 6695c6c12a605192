/** The browsable API reference: Swagger UI (served from the swagger-ui-dist package, no CDN) over /v1/openapi.json. */
export function GET() {
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Voice Agent API reference</title>
  <link rel="icon" href="/icon.svg" type="image/svg+xml" />
  <script src="/docs/assets/docs-theme.js"></script>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
  <style>
    body { margin: 0; } .topbar { display: none; }
    /* Dark mode as the studio chose it (its theme setting, else the system's): Swagger UI has none of its own. */
    /* Light content inverted: the page keeps a light color-scheme, so native controls stay light under the filter. */
    html.dark { background: #161616; }
    html.dark body { background: #fff; min-height: 100vh; filter: invert(91%) hue-rotate(180deg); }
    html.dark .swagger-ui img, html.dark .swagger-ui .microlight { filter: invert(100%) hue-rotate(180deg); }
    /* Swagger UI's own badges and links, darkened to 4.5:1. */
    .swagger-ui .info .title small { background: #4b5563; }
    .swagger-ui .info .title small.version-stamp { background: #2d6a1e; }
    .swagger-ui .info .url, .swagger-ui .info a { color: #1d4ed8; }
    .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8 !important; }
    .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1e7a4e !important; }
    .swagger-ui .opblock.opblock-patch .opblock-summary-method, .swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4f00 !important; }
    .swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e !important; }
    .swagger-ui .btn.authorize { color: #1e7a4e; border-color: #1e7a4e; }
    .swagger-ui .btn.authorize svg { fill: #1e7a4e; }
    .swagger-ui .json-schema-2020-12-expand-deep-button, .swagger-ui .json-schema-2020-12__title,
    .swagger-ui .json-schema-2020-12__attribute, .swagger-ui .json-schema-2020-12-keyword__name,
    .swagger-ui .json-schema-2020-12-keyword__value, .swagger-ui .model-hint { color: #1f2937 !important; }
  </style>
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/docs-init.js"></script>
</body>
</html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}
