type Link = { source: string; target: string };

export const LAYER_GAP = 440;
export const ROW_GAP = 180;

/**
 * A layered layout: breadth-first from the initial node, one column per distance from it, nodes in
 * a column in the order they were reached. Nodes the initial one cannot reach start their own
 * breadth-first walk below the rest, so every node gets a place and none overlap.
 */
export function layeredLayout(nodeIds: string[], links: Link[], initialId: string): Map<string, { x: number; y: number }> {
  const next = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const link of links) next.get(link.source)?.push(link.target);

  const layerOf = new Map<string, number>();
  const roots = [initialId, ...nodeIds].filter((id, i, all) => next.has(id) && all.indexOf(id) === i);
  const positions = new Map<string, { x: number; y: number }>();
  let rowOffset = 0;
  for (const root of roots) {
    if (layerOf.has(root)) continue;
    const walk: string[][] = [];
    const queue = [root];
    layerOf.set(root, 0);
    while (queue.length) {
      const id = queue.shift()!;
      const layer = layerOf.get(id)!;
      (walk[layer] ??= []).push(id);
      for (const target of next.get(id) ?? []) {
        if (layerOf.has(target) || !next.has(target)) continue;
        layerOf.set(target, layer + 1);
        queue.push(target);
      }
    }
    const height = Math.max(...walk.map((column) => column.length));
    walk.forEach((column, layer) => {
      const top = rowOffset + ((height - column.length) * ROW_GAP) / 2;
      column.forEach((id, row) => positions.set(id, { x: layer * LAYER_GAP, y: top + row * ROW_GAP }));
    });
    rowOffset += height * ROW_GAP;
  }
  return positions;
}
