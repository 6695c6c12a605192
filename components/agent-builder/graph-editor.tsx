"use client";

import "@xyflow/react/dist/style.css";
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from "@xyflow/react";
import { AlertTriangle, Flag, LayoutGrid, Plus } from "lucide-react";
import { useCallback, useMemo, type CSSProperties } from "react";
import { Button } from "@/components/ui/button";
import { addState, autoLayout, connect, deleteElements, setInitialState, updateState, updateTransition } from "@/lib/agent-builder/editor-actions";
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

function GraphEditorInner({ doc, onChange, errors, readOnly }: Props) {
  const flow = useReactFlow();

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
    onChange((current) => {
      const result = addState(current, { x: Math.round(center.x - 112), y: Math.round(center.y - 40) });
      return selectOnly(result.doc, [result.nodeId], []);
    });
  };

  const relayout = () => {
    onChange(autoLayout);
    requestAnimationFrame(() => flow.fitView({ padding: 0.2, duration: 300 }));
  };

  const selectedNodes = doc.nodes.filter((node) => node.selected);
  const selectedEdges = doc.edges.filter((edge) => edge.selected);
  const selectedState = selectedNodes.length === 1 && isStateNode(selectedNodes[0]) ? selectedNodes[0] : null;
  const selectedEdge = !selectedState && selectedEdges.length === 1 ? selectedEdges[0] : null;
  const view = useMemo(
    () => ({ initialNodeId: doc.initialNodeId, errors, selectEdge: (edgeId: string) => onChange((current) => selectOnly(current, [], [edgeId])) }),
    [doc.initialNodeId, errors, onChange],
  );
  const edges = useMemo(() => doc.edges.map((edge) => ({ ...edge, markerEnd })), [doc.edges]);

  return (
    <GraphViewContext.Provider value={view}>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_28rem]">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={addNewState} disabled={readOnly}>
              <Plus aria-hidden /> Add state
            </Button>
            <Button variant="outline" size="sm" onClick={relayout} disabled={readOnly}>
              <LayoutGrid aria-hidden /> Auto-layout
            </Button>
            <span className="text-xs text-muted-foreground">Drag from a state’s right handle to another state to add a transition. Delete or Backspace removes the selection.</span>
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
              fitView
              fitViewOptions={{ padding: 0.2 }}
              minZoom={0.2}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={20} />
              <Controls />
              <MiniMap pannable zoomable ariaLabel="Minimap of the states" nodeStrokeWidth={3} />
            </ReactFlow>
          </div>
        </div>
        <aside className="min-w-0 rounded-lg border p-4 lg:max-h-[calc(100dvh-12rem)] lg:overflow-y-auto" aria-label="Selection">
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
