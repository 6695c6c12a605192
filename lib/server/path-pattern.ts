export type PathParams = Record<string, string>;

export type PathPattern = { path: string; match: (pathname: string) => PathParams | null };

/**
 * `/v1/calls/web/:id/media` → a matcher that gives `{ id }` for `/v1/calls/web/3f…/media`. A parameter
 * takes one non-empty segment, percent-decoded; everything else must match literally.
 */
export function pathPattern(path: string): PathPattern {
  if (!path.startsWith("/")) throw new Error(`A WebSocket route path must start with "/": ${path}`);
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const name = segment.slice(1);
      if (!/^[A-Za-z_]\w*$/.test(name) || names.includes(name)) throw new Error(`Bad parameter "${segment}" in ${path}`);
      names.push(name);
      return "([^/]+)";
    })
    .join("/");
  const regex = new RegExp(`^${source}$`);
  return {
    path,
    match(pathname) {
      const found = regex.exec(pathname);
      if (!found) return null;
      const params: PathParams = {};
      try {
        names.forEach((name, i) => (params[name] = decodeURIComponent(found[i + 1])));
      } catch {
        return null; // malformed percent-encoding names no route
      }
      return params;
    },
  };
}
