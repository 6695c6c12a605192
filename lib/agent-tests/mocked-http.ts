import type { HttpClient } from "@/lib/runtime/types";
import type { ToolMock } from "@/lib/schemas/agent-tests";

/**
 * The HTTP client of a test conversation: a mocked custom_function is answered by its mock (no
 * request is made; the body goes through the tool's response_mapping as a real one would), every
 * other request goes out through `real` (the same outbound rules as in calls).
 */
export function mockedHttp(mocks: ToolMock[], real: HttpClient): HttpClient {
  const byTool = new Map(mocks.map((mock) => [mock.tool_name, mock]));
  return async (url, init) => {
    const mock = init.tool ? byTool.get(init.tool) : undefined;
    if (!mock) return real(url, init);
    const text = JSON.stringify(mock.response ?? null);
    return { status: mock.status ?? 200, text: () => text };
  };
}
