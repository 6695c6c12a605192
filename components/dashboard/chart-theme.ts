import type { CSSProperties } from "react";

/** Recharts styling from the theme's CSS variables, so charts follow light and dark mode. */
export const axisTick = { fill: "var(--muted-foreground)", fontSize: 12 };
export const gridStroke = "var(--border)";
export const tooltipStyle: CSSProperties = {
  background: "var(--popover)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  color: "var(--popover-foreground)",
  fontSize: 12,
};
export const tooltipCursor = { fill: "var(--muted)", opacity: 0.6 };
