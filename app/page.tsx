export default function HomePage() {
  return (
    <main style={{ maxWidth: 720, margin: "4rem auto", padding: "0 1.5rem", lineHeight: 1.6 }}>
      <h1>Voice Agent Calling Service</h1>
      <p>
        The public REST API is served at <code>/v1</code>. Authenticate with an <code>X-Api-Key</code> header.
      </p>
      <ul>
        <li>
          <a href="/docs">API reference</a> (rendered from <a href="/v1/openapi.json">/v1/openapi.json</a>)
        </li>
        <li>
          <a href="/api/health">Health</a>
        </li>
      </ul>
    </main>
  );
}
