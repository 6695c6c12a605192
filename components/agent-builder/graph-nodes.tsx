"use client";

import { BaseEdge, EdgeLabelRenderer, getBezierPath, Handle, Position, type EdgeProps, type NodeProps } from "@xyflow/react";
import { AlertTriangle, Flag } from "lucide-react";
import { createContext, useContext } from "react";
import type { MissingStateNode, StateNode, TransitionEdge } from "@/lib/agent-builder/editor-document";
import type { EditorErrors } from "@/lib/agent-builder/validation-errors";
import { cn } from "@/lib/utils/cn";

/** What nodes and edges need besides their own data: which node is initial, the API's problems, edge selection. */
export const GraphViewContext = createContext<{ initialNodeId: string; errors: EditorErrors; selectEdge: (edgeId: string) => void }>({
  initialNodeId: "",
  errors: { settings: {}, states: {}, transitions: {}, other: [] },
  selectEdge: () => undefined,
});

const count = (bucket: Record<string, string[]> | undefined) => Object.values(bucket ?? {}).reduce((sum, list) => sum + list.length, 0);

export function StateNodeView({ id, data, selected }: NodeProps<StateNode>) {
  const { initialNodeId, errors } = useContext(GraphViewContext);
  const state = data.state;
  const problems = count(errors.states[id]);
  const initial = id === initialNodeId;
  return (
    <div
      className={cn(
        "w-56 rounded-lg border bg-card px-3 py-2 text-card-foreground shadow-sm",
        initial && "border-success ring-1 ring-success/40",
        selected && "ring-2 ring-ring",
        problems > 0 && "border-destructive ring-1 ring-destructive/50",
      )}
      data-testid="state-node"
      data-state-name={state.name}
      data-invalid={problems > 0 ? "true" : undefined}
    >
      <Handle type="target" position={Position.Left} className="!size-4 !border-2 !border-background !bg-muted-foreground" />
      <div className="flex items-center gap-1.5">
        {initial ? <Flag className="size-3.5 shrink-0 text-success" aria-label="Initial state" /> : null}
        <span className="truncate font-mono text-sm font-semibold">{state.name || "(no name)"}</span>
      </div>
      <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{state.prompt || "No prompt yet"}</p>
      <div className="mt-1.5 flex flex-wrap gap-1 text-[10px] text-muted-foreground">
        {state.tools.length ? <span className="rounded bg-muted px-1">{state.tools.length} {state.tools.length === 1 ? "tool" : "tools"}</span> : null}
        {state.variables.length ? (
          <span className="rounded bg-muted px-1">
            {state.variables.length} {state.variables.length === 1 ? "variable" : "variables"}
          </span>
        ) : null}
        {state.llm ? <span className="rounded bg-muted px-1">own model</span> : null}
      </div>
      {problems > 0 ? (
        <p className="mt-1 flex items-center gap-1 text-xs font-medium text-destructive">
          <AlertTriangle className="size-3" aria-hidden /> {problems} {problems === 1 ? "problem" : "problems"}
        </p>
      ) : null}
      {/* A handle big enough to grab: 16 px, with a wider invisible hit area around it. */}
      <Handle
        type="source"
        position={Position.Right}
        className="!size-4 !border-2 !border-background !bg-primary after:absolute after:-inset-2.5 after:content-['']"
        title="Drag to another state to add a transition"
      />
    </div>
  );
}

export function MissingNodeView({ data, selected }: NodeProps<MissingStateNode>) {
  return (
    <div
      className={cn("w-52 rounded-lg border-2 border-dashed border-destructive bg-destructive/5 px-3 py-2 text-xs", selected && "ring-2 ring-ring")}
      data-testid="missing-node"
      data-state-name={data.name}
    >
      <Handle type="target" position={Position.Left} className="!size-4 !border-2 !border-background !bg-destructive" />
      <p className="font-semibold text-destructive">No state “{data.name}”</p>
      <p className="text-muted-foreground">Transitions point here. Add a state with this name, or send them elsewhere.</p>
    </div>
  );
}

export function TransitionEdgeView({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected, markerEnd }: EdgeProps<TransitionEdge>) {
  const { errors, selectEdge } = useContext(GraphViewContext);
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  const problems = Object.values(errors.transitions[id] ?? {}).flat();
  const condition = data?.condition ?? "";
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={{ stroke: problems.length ? "var(--destructive)" : undefined, strokeWidth: selected ? 2.5 : 1.5 }} />
      <EdgeLabelRenderer>
        <button
          type="button"
          className={cn(
            "nodrag nopan absolute max-w-48 rounded-md border bg-background px-2 py-1 text-left text-[11px] leading-snug shadow-xs",
            selected && "ring-2 ring-ring",
            problems.length && "border-destructive text-destructive",
          )}
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, pointerEvents: "all" }}
          onClick={() => selectEdge(id)}
          data-testid="transition-label"
          data-invalid={problems.length ? "true" : undefined}
        >
          <span className={cn("line-clamp-2", !condition && "italic text-muted-foreground")}>{condition || "No condition yet"}</span>
          {problems.length ? <span className="mt-0.5 block font-medium">{problems.join(" · ")}</span> : null}
        </button>
      </EdgeLabelRenderer>
    </>
  );
}

export const nodeTypes = { state: StateNodeView, missing: MissingNodeView };
export const edgeTypes = { transition: TransitionEdgeView };
