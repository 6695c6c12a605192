"use client";

import "@xyflow/react/dist/style.css";
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  ControlButton,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type ReactFlowInstance,
  type EdgeChange,
  type NodeChange,
} from "@xyflow/react";
import { AlertTriangle, Flag, LayoutGrid, Map as MapIcon, PanelRightClose, PanelRightOpen, Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from "react";
import { Button } from "@/components/ui/button";
import { addState, autoLayout, connect, deleteElements, NODE_BOX, setInitialState, updateState, updateTransition } from "@/lib/agent-builder/editor-actions";
import { isStateNode, nodeName, type EditorDocument, type EditorNode, type TransitionEdge } from "@/lib/agent-builder/editor-document";
import type { EditorErrors } from "@/lib/agent-builder/validation-errors";
import { cn } from "@/lib/utils/cn";
import { edgeTypes, GraphViewContext, nodeTypes } from "./graph-nodes";
import { StatePanel, TransitionFields, type GraphEditing } from "./state-panel";

type Props = { doc: EditorDocument; onChange: (update: (doc: EditorDocument) => EditorDocument) => void; errors: EditorErrors; readOnly: boolean };

export function GraphEditor(props: Props) {
  return (
    <ReactFlowProvider>
      <GraphEditorInner {...props} />
    </ReactFlowProvider>
  );
}

/** Marks exactly these nodes and edges selected (after adding a state or a transition). */
function selectOnly(doc: EditorDocument, nodeIds: string[], edgeIds: string[]): EditorDocument {
  return {
    ...doc,
    nodes: doc.nodes.map((node) => ({ ...node, selected: nodeIds.includes(node.id) })),
    edges: doc.edges.map((edge) => ({ ...edge, selected: edgeIds.includes(edge.id) })),
  };
}

/** xyflow's colours from the app's theme variables, so the canvas follows light and dark (and the theme toggle). */
const themeVariables = {
  "--xy-background-color": "transparent",
  "--xy-background-pattern-dots-color": "var(--border)",
  "--xy-edge-stroke": "var(--muted-foreground)",
  "--xy-edge-stroke-selected": "var(--foreground)",
  "--xy-connectionline-stroke": "var(--primary)",
  "--xy-minimap-background-color": "var(--card)",
  "--xy-minimap-mask-background-color": "color-mix(in oklab, var(--muted) 70%, transparent)",
  "--xy-minimap-node-background-color": "var(--muted-foreground)",
  "--xy-controls-button-background-color": "var(--card)",
  "--xy-controls-button-background-color-hover": "var(--accent)",
  "--xy-controls-button-color": "var(--foreground)",
  "--xy-controls-button-color-hover": "var(--accent-foreground)",
  "--xy-controls-button-border-color": "var(--border)",
  "--xy-node-background-color": "transparent",
  "--xy-node-border": "none",
  "--xy-node-color": "var(--foreground)",
  "--xy-node-boxshadow-selected": "none",
} as CSSProperties;

const markerEnd = { type: MarkerType.ArrowClosed, width: 18, height: 18 };

/** Below this zoom a state's text is too small to read: the first view never goes under it (the reader pans instead). */
export const READABLE_ZOOM = 0.8;
const fitOptions = { padding: 0.15, minZoom: READABLE_ZOOM, maxZoom: 1 };

/** A layout choice kept in this browser (the side panel, the minimap). */
function useStoredFlag(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(fallback);
  useEffect(() => {
    const stored = window.localStorage.getItem(key);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only after hydration
    if (stored !== null) setValue(stored === "true");
  }, [key]);
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      window.localStorage.setItem(key, String(next));
    },
    [key],
  );
  return [value, set];
}

function GraphEditorInner({ doc, onChange, errors, readOnly }: Props) {
  const flow = useReactFlow();
  const [panelOpen, setPanelOpen] = useStoredFlag("studio.agent-graph.panel", true);
  const [minimap, setMinimap] = useStoredFlag("studio.agent-graph.minimap", true);

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => onChange((current) => ({ ...current, nodes: applyNodeChanges(changes.filter((change) => change.type !== "remove"), current.nodes) })),
    [onChange],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<TransitionEdge>[]) => onChange((current) => ({ ...current, edges: applyEdgeChanges(changes.filter((change) => change.type !== "remove"), current.edges) })),
    [onChange],
  );

  const editing: GraphEditing = useMemo(
    () => ({
      doc,
      errors,
      readOnly,
      updateState: (nodeId, update) => onChange((current) => updateState(current, nodeId, update)),
      updateTransition: (edgeId, patch) => onChange((current) => updateTransition(current, edgeId, patch)),
      addTransition: (source, target) =>
        onChange((current) => {
          const result = connect(current, source, target);
          return result.doc;
        }),
      deleteElements: (nodeIds, edgeIds) => onChange((current) => deleteElements(current, nodeIds, edgeIds)),
      setInitial: (nodeId) => onChange((current) => setInitialState(current, nodeId)),
    }),
    [doc, errors, readOnly, onChange],
  );

  const onConnect = useCallback(
    (connection: Connection) =>
      onChange((current) => {
        const result = connect(current, connection.source, connection.target);
        return selectOnly(result.doc, [], [result.edgeId]);
      }),
    [onChange],
  );

  const addNewState = () => {
    const box = document.querySelector("[data-testid=graph-canvas]")?.getBoundingClientRect();
    const center = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
    // In free space near the middle of the view, then brought into view (it may land beside the visible part).
    const placed = addState(doc, { x: Math.round(center.x - 112), y: Math.round(center.y - 60) });
    const position = placed.doc.nodes.find((node) => node.id === placed.nodeId)!.position;
    onChange((current) => {
      const result = addState(current, position);
      return selectOnly(result.doc, [result.nodeId], []);
    });
    setPanelOpen(true);
    requestAnimationFrame(() => flow.setCenter(position.x + 112, position.y + 60, { zoom: Math.max(flow.getZoom(), READABLE_ZOOM), duration: 300 }));
  };

  /** Fitted when the graph fits at a readable zoom; otherwise readable, from the graph's left edge (where it starts). */
  const startView = useCallback(
    (instance: ReactFlowInstance<EditorNode, TransitionEdge>) => {
      void instance.fitView(fitOptions).then(() => {
        const nodes = instance.getNodes();
        const box = document.querySelector("[data-testid=graph-canvas]")?.getBoundingClientRect();
        if (!nodes.length || !box) return;
        const { zoom, y } = instance.getViewport();
        const left = Math.min(...nodes.map((node) => node.position.x));
        const right = Math.max(...nodes.map((node) => node.position.x + (node.measured?.width ?? NODE_BOX.width)));
        if ((right - left) * zoom > box.width) void instance.setViewport({ x: 32 - left * zoom, y, zoom });
      });
    },
    [],
  );

  const relayout = () => {
    onChange(autoLayout);
    requestAnimationFrame(() => flow.fitView({ ...fitOptions, duration: 300 }));
  };

  const selectedNodes = doc.nodes.filter((node) => node.selected);
  const selectedEdges = doc.edges.filter((edge) => edge.selected);
  const selectedState = selectedNodes.length === 1 && isStateNode(selectedNodes[0]) ? selectedNodes[0] : null;
  const selectedEdge = !selectedState && selectedEdges.length === 1 ? selectedEdges[0] : null;
  const view = useMemo(
    () => ({
      initialNodeId: doc.initialNodeId,
      errors,
      selectEdge: (edgeId: string) => {
        setPanelOpen(true);
        onChange((current) => selectOnly(current, [], [edgeId]));
      },
    }),
    [doc.initialNodeId, errors, onChange, setPanelOpen],
  );
  const edges = useMemo(() => doc.edges.map((edge) => ({ ...edge, markerEnd })), [doc.edges]);

  return (
    <GraphViewContext.Provider value={view}>
      <div className={cn("grid gap-4", panelOpen && "lg:grid-cols-[minmax(0,1fr)_24rem] 2xl:grid-cols-[minmax(0,1fr)_28rem]")}>
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {!readOnly ? (
              <>
                <Button variant="outline" size="sm" onClick={addNewState}>
                  <Plus aria-hidden /> Add state
                </Button>
                <Button variant="outline" size="sm" onClick={relayout}>
                  <LayoutGrid aria-hidden /> Auto-layout
                </Button>
                <span className="hidden text-xs text-muted-foreground xl:inline">Drag from a state’s right handle to another state to add a transition; Delete removes the selection.</span>
              </>
            ) : (
              <span className="text-xs text-muted-foreground">Read-only: select a state or transition to see its details.</span>
            )}
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto hidden lg:inline-flex"
              onClick={() => setPanelOpen(!panelOpen)}
              aria-expanded={panelOpen}
              aria-controls="graph-side-panel"
            >
              {panelOpen ? <PanelRightClose aria-hidden /> : <PanelRightOpen aria-hidden />} {panelOpen ? "Hide panel" : "Show panel"}
            </Button>
          </div>
          <div className="h-[60vh] min-h-[420px] overflow-hidden rounded-lg border bg-muted/20 lg:h-[calc(100dvh-19rem)]" data-testid="graph-canvas">
            <ReactFlow<EditorNode, TransitionEdge>
              nodes={doc.nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              edgeTypes={edgeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={readOnly ? undefined : onConnect}
              isValidConnection={(connection) => doc.nodes.some((node) => node.id === connection.target && isStateNode(node))}
              onBeforeDelete={async ({ nodes, edges: doomed }) => {
                if (!readOnly) editing.deleteElements(nodes.map((node) => node.id), doomed.map((edge) => edge.id));
                return false;
              }}
              nodesDraggable={!readOnly}
              nodesConnectable={!readOnly}
              style={themeVariables}
              onInit={startView}
              minZoom={0.2}
              connectionRadius={36}
              onNodeClick={() => setPanelOpen(true)}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={20} />
              {/* "Fit view" asked for shows every state, however small; only the first view keeps the readable zoom. */}
              <Controls fitViewOptions={{ padding: 0.15, maxZoom: 1 }} showInteractive={false}>
                <ControlButton onClick={() => setMinimap(!minimap)} title={minimap ? "Hide the minimap" : "Show the minimap"} aria-label={minimap ? "Hide the minimap" : "Show the minimap"} aria-pressed={minimap}>
                  <MapIcon aria-hidden />
                </ControlButton>
              </Controls>
              {minimap ? (
                <MiniMap pannable zoomable ariaLabel="Minimap of the states" nodeStrokeWidth={3} style={{ width: 140, height: 90 }} className="!m-2 opacity-90" />
              ) : null}
            </ReactFlow>
          </div>
        </div>
        <aside
          id="graph-side-panel"
          className={cn("min-w-0 rounded-lg border p-4 lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto", !panelOpen && "lg:hidden")}
          aria-label="Selection"
        >
          {selectedState ? (
            <StatePanel key={selectedState.id} node={selectedState} editing={editing} />
          ) : selectedEdge ? (
            <fieldset disabled={readOnly} className="grid gap-3">
              <h2 className="text-base font-semibold">Transition</h2>
              <p className="text-sm text-muted-foreground">
                From <span className="font-mono">{nodeName(doc.nodes.find((node) => node.id === selectedEdge.source)!)}</span> to{" "}
                <span className="font-mono">{nodeName(doc.nodes.find((node) => node.id === selectedEdge.target)!)}</span>
              </p>
              <TransitionFields edge={selectedEdge} editing={editing} title="This transition" />
            </fieldset>
          ) : (
            <Overview doc={doc} errors={errors} onSelect={(nodeId) => onChange((current) => selectOnly(current, [nodeId], []))} />
          )}
        </aside>
      </div>
    </GraphViewContext.Provider>
  );
}

function Overview({ doc, errors, onSelect }: { doc: EditorDocument; errors: EditorErrors; onSelect: (nodeId: string) => void }) {
  const states = doc.nodes.filter(isStateNode);
  const missing = doc.nodes.filter((node) => !isStateNode(node));
  return (
    <div className="grid gap-3">
      <h2 className="text-base font-semibold">States</h2>
      <p className="text-sm text-muted-foreground">Select a state on the canvas, or here, to edit its prompt, tools, transitions and variables.</p>
      <ul className="grid gap-1">
        {states.map((node) => {
          const problems = Object.values(errors.states[node.id] ?? {}).flat().length + doc.edges.filter((edge) => edge.source === node.id && errors.transitions[edge.id]).length;
          return (
            <li key={node.id}>
              <button
                type="button"
                className={cn("flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring", problems && "text-destructive")}
                onClick={() => onSelect(node.id)}
              >
                {node.id === doc.initialNodeId ? <Flag className="size-3.5 text-success" aria-label="Initial state" /> : <span className="w-3.5" />}
                <span className="font-mono">{node.data.state.name}</span>
                {problems ? (
                  <span className="ml-auto flex items-center gap-1 text-xs">
                    <AlertTriangle className="size-3" aria-hidden /> problems
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {missing.length ? (
        <p role="alert" className="text-sm text-destructive">
          Transitions point at states that do not exist: {missing.map((node) => nodeName(node)).join(", ")}.
        </p>
      ) : null}
    </div>
  );
}
