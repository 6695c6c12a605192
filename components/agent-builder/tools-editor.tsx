"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { builtInToolTypes, contentTypes, httpMethods, parameterTypes } from "@/lib/agents/document-schema";
import type { AgentTool, CustomFunctionTool } from "@/lib/agents/normalize";
import { errorsUnder } from "@/lib/agent-builder/validation-errors";
import { NumberField, Section, SelectField, TextField } from "./fields";
import { TransferCallEditor } from "./transfer-call-editor";

const toolLabels: Record<AgentTool["type"], string> = {
  custom_function: "Custom function (HTTP request)",
  wait: "Wait",
  hang_up: "Hang up",
  transfer_call: "Transfer call",
  leave_voicemail_message: "Leave voicemail message",
  add_to_do_not_call: "Add to do-not-call list (and end the call)",
};

type Parameter = CustomFunctionTool["parameters"][number];
type ParameterShape = "model" | "variable" | "llm_parameter";

const shapeOf = (parameter: Parameter): ParameterShape => (parameter.value ? parameter.value.source : "model");

function newTool(type: AgentTool["type"], taken: Set<string>): AgentTool {
  if (type !== "custom_function") return { type, description: "", filler_sentence: "" };
  let name = "lookup";
  for (let n = 2; taken.has(name); n++) name = `lookup_${n}`;
  return {
    type,
    name,
    description: "",
    filler_sentence: "",
    url: "https://",
    method: "GET",
    content_type: "url_params",
    headers: [],
    parameters: [],
    response_mapping: [],
    timeout_ms: 10_000,
  };
}

export function ToolsEditor({
  tools,
  onChange,
  errors,
  variableNames,
}: {
  tools: AgentTool[];
  onChange: (tools: AgentTool[]) => void;
  errors: Record<string, string[]> | undefined;
  variableNames: string[];
}) {
  const [adding, setAdding] = useState<AgentTool["type"]>("custom_function");
  const set = (i: number, tool: AgentTool) => onChange(tools.map((current, j) => (j === i ? tool : current)));
  const names = new Set(tools.flatMap((tool) => (tool.type === "custom_function" ? [tool.name] : [])));
  return (
    <Section
      title="Tools"
      description="What the agent can do in this state. Refer to one in the prompt as {{name}} (a custom function's name, or the built-in tool's type)."
    >
      {errorsUnder(errors, "tools").length && !tools.length ? <p className="text-xs text-destructive">{errorsUnder(errors, "tools").join(" · ")}</p> : null}
      {tools.map((tool, i) => (
        <div key={i} className="grid gap-3 rounded-md border p-3" data-testid={`tool-${i}`}>
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-medium">
              {toolLabels[tool.type]}
              {tool.type === "custom_function" ? <span className="ml-2 font-mono text-xs text-muted-foreground">{tool.name}</span> : null}
            </span>
            <Button variant="ghost" size="icon" aria-label={`Remove tool ${tool.type === "custom_function" ? tool.name : tool.type}`} onClick={() => onChange(tools.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden />
            </Button>
          </div>
          {tool.type === "custom_function" ? (
            <CustomFunctionEditor tool={tool} onChange={(next) => set(i, next)} errors={errors} at={`tools[${i}]`} variableNames={variableNames} />
          ) : null}
          {tool.type === "transfer_call" ? <TransferCallEditor tool={tool} onChange={(next) => set(i, next)} errors={errors} at={`tools[${i}]`} /> : null}
          <TextField label="Description" value={tool.description} onChange={(description) => set(i, { ...tool, description })} errors={errorsUnder(errors, `tools[${i}].description`)} hint="Tells the model when to use it." />
          <TextField
            label="Filler sentence"
            value={tool.filler_sentence}
            onChange={(filler_sentence) => set(i, { ...tool, filler_sentence })}
            errors={errorsUnder(errors, `tools[${i}].filler_sentence`)}
            hint="Spoken while the tool runs. Default: none."
          />
        </div>
      ))}
      <div className="flex items-end gap-2">
        <SelectField
          className="grid flex-1 gap-1.5"
          label="New tool"
          value={adding}
          onChange={(value) => setAdding(value as AgentTool["type"])}
          options={(["custom_function", ...builtInToolTypes] as AgentTool["type"][]).map((type) => ({ value: type, label: toolLabels[type] }))}
        />
        <Button variant="outline" onClick={() => onChange([...tools, newTool(adding, names)])}>
          <Plus aria-hidden /> Add tool
        </Button>
      </div>
    </Section>
  );
}

function CustomFunctionEditor({
  tool,
  onChange,
  errors,
  at,
  variableNames,
}: {
  tool: CustomFunctionTool;
  onChange: (tool: CustomFunctionTool) => void;
  errors: Record<string, string[]> | undefined;
  at: string;
  variableNames: string[];
}) {
  const e = (path: string) => errorsUnder(errors, `${at}.${path}`);
  const listId = `${at}-variables`.replace(/[^a-z0-9-]/gi, "-");
  const setHeader = (k: number, patch: Partial<CustomFunctionTool["headers"][number]>) =>
    onChange({ ...tool, headers: tool.headers.map((h, j) => (j === k ? { ...h, ...patch } : h)) as CustomFunctionTool["headers"] });
  const setParameter = (k: number, parameter: Parameter) => onChange({ ...tool, parameters: tool.parameters.map((p, j) => (j === k ? parameter : p)) });
  return (
    <div className="grid gap-3">
      <datalist id={listId}>
        {variableNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Function name" value={tool.name} onChange={(name) => onChange({ ...tool, name })} errors={e("name")} hint="Letters, digits and _; unique in this state." />
        <NumberField
          label="Timeout"
          value={tool.timeout_ms}
          fallback={10_000}
          min={100}
          max={30_000}
          onChange={(timeout_ms) => onChange({ ...tool, timeout_ms: timeout_ms ?? 10_000 })}
          errors={e("timeout_ms")}
          hint="Milliseconds, 100 to 30000. Default 10000."
        />
      </div>
      <TextField label="URL" value={tool.url} onChange={(url) => onChange({ ...tool, url })} errors={e("url")} inputMode="url" hint="http(s) only." />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Method" value={tool.method} onChange={(method) => onChange({ ...tool, method: method as CustomFunctionTool["method"] })} options={httpMethods} errors={e("method")} hint="Default GET." />
        <SelectField
          label="Content type"
          value={tool.content_type}
          onChange={(content_type) => onChange({ ...tool, content_type: content_type as CustomFunctionTool["content_type"] })}
          options={contentTypes.map((value) => ({ value, label: value === "url_params" ? "url_params (query string)" : `${value} (body)` }))}
          errors={e("content_type")}
          hint="Default url_params."
        />
      </div>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Headers</legend>
        {tool.headers.map((header, k) => (
          <div key={k} className="grid gap-2 rounded border p-2 sm:grid-cols-[1fr_1fr_auto]">
            <TextField label="Name" value={header.name} onChange={(name) => setHeader(k, { name })} errors={e(`headers[${k}].name`)} />
            <TextField label="Value" value={header.value} onChange={(value) => setHeader(k, { value })} errors={e(`headers[${k}].value`)} />
            <Button variant="ghost" size="icon" className="self-end" aria-label={`Remove header ${k + 1}`} onClick={() => onChange({ ...tool, headers: tool.headers.filter((_, j) => j !== k) as CustomFunctionTool["headers"] })}>
              <Trash2 aria-hidden />
            </Button>
            <TextField
              className="grid gap-1.5 sm:col-span-3"
              label="Description"
              value={header.description ?? ""}
              onChange={(description) => setHeader(k, { description })}
            />
          </div>
        ))}
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange({ ...tool, headers: [...tool.headers, { name: "", value: "", description: "" }] })}>
          <Plus aria-hidden /> Add header
        </Button>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Parameters</legend>
        {tool.parameters.map((parameter, k) => {
          const shape = shapeOf(parameter);
          return (
            <div key={k} className="grid gap-2 rounded border p-2" data-testid={`parameter-${k}`}>
              <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
                <TextField label="Name" value={parameter.name} onChange={(name) => setParameter(k, { ...parameter, name })} errors={e(`parameters[${k}].name`)} />
                <SelectField
                  label="Value from"
                  value={shape}
                  onChange={(next) => setParameter(k, reshape(parameter, next as ParameterShape))}
                  options={[
                    { value: "model", label: "The model (typed)" },
                    { value: "variable", label: "A variable" },
                    { value: "llm_parameter", label: "A named model parameter" },
                  ]}
                  errors={e(`parameters[${k}].value`).filter((message) => !e(`parameters[${k}].value.`).includes(message))}
                />
                <Button variant="ghost" size="icon" className="self-end" aria-label={`Remove parameter ${parameter.name || k + 1}`} onClick={() => onChange({ ...tool, parameters: tool.parameters.filter((_, j) => j !== k) })}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
              {shape === "model" ? (
                <div className="grid gap-2 sm:grid-cols-[10rem_1fr]">
                  <SelectField label="Type" value={parameter.type ?? "string"} onChange={(type) => setParameter(k, { ...parameter, type: type as Parameter["type"] })} options={parameterTypes} errors={e(`parameters[${k}].type`)} />
                  <TextField label="Description" value={parameter.description ?? ""} onChange={(description) => setParameter(k, { ...parameter, description })} errors={e(`parameters[${k}].description`)} />
                </div>
              ) : null}
              {parameter.value?.source === "variable" ? (
                <TextField
                  label="Variable"
                  list={listId}
                  value={parameter.value.variable}
                  onChange={(variable) => setParameter(k, { name: parameter.name, value: { source: "variable", variable } })}
                  errors={e(`parameters[${k}].value.variable`)}
                />
              ) : null}
              {parameter.value?.source === "llm_parameter" ? (
                <div className="grid gap-2 sm:grid-cols-[1fr_10rem]">
                  <TextField
                    label="Model parameter name"
                    value={parameter.value.llm_parameter.name}
                    onChange={(name) => setParameter(k, { name: parameter.name, value: { source: "llm_parameter", llm_parameter: { ...llmParameter(parameter), name } } })}
                    errors={e(`parameters[${k}].value.llm_parameter.name`)}
                  />
                  <SelectField
                    label="Type"
                    value={parameter.value.llm_parameter.type}
                    onChange={(type) => setParameter(k, { name: parameter.name, value: { source: "llm_parameter", llm_parameter: { ...llmParameter(parameter), type: type as Parameter["type"] & string } } })}
                    options={parameterTypes}
                  />
                  <TextField
                    className="grid gap-1.5 sm:col-span-2"
                    label="Description"
                    value={parameter.value.llm_parameter.description ?? ""}
                    onChange={(description) => setParameter(k, { name: parameter.name, value: { source: "llm_parameter", llm_parameter: { ...llmParameter(parameter), description } } })}
                  />
                </div>
              ) : null}
            </div>
          );
        })}
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange({ ...tool, parameters: [...tool.parameters, { name: "", type: "string", description: "" }] })}>
          <Plus aria-hidden /> Add parameter
        </Button>
      </fieldset>

      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Response mapping</legend>
        <p className="text-xs text-muted-foreground">Stores parts of the JSON response in variables, e.g. $.slots[0].time (RFC 9535 JSONPath).</p>
        {tool.response_mapping.map((mapping, k) => (
          <div key={k} className="grid gap-2 rounded border p-2 sm:grid-cols-[1fr_1fr_auto]" data-testid={`mapping-${k}`}>
            <TextField
              label="JSONPath"
              value={mapping.json_path_to_data}
              onChange={(json_path_to_data) => onChange({ ...tool, response_mapping: tool.response_mapping.map((m, j) => (j === k ? { ...m, json_path_to_data } : m)) })}
              errors={e(`response_mapping[${k}].json_path_to_data`)}
              className="grid gap-1.5 font-mono"
            />
            <TextField
              label="Into variable"
              list={listId}
              value={mapping.destination_variable}
              onChange={(destination_variable) => onChange({ ...tool, response_mapping: tool.response_mapping.map((m, j) => (j === k ? { ...m, destination_variable } : m)) })}
              errors={e(`response_mapping[${k}].destination_variable`)}
            />
            <Button variant="ghost" size="icon" className="self-end" aria-label={`Remove mapping ${k + 1}`} onClick={() => onChange({ ...tool, response_mapping: tool.response_mapping.filter((_, j) => j !== k) })}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => onChange({ ...tool, response_mapping: [...tool.response_mapping, { json_path_to_data: "$.", destination_variable: "" }] })}
        >
          <Plus aria-hidden /> Add mapping
        </Button>
      </fieldset>
    </div>
  );
}

function llmParameter(parameter: Parameter) {
  return parameter.value?.source === "llm_parameter" ? parameter.value.llm_parameter : { name: parameter.name, type: "string" as const, description: "" };
}

/** Switches a parameter between the three shapes, carrying over what fits. */
function reshape(parameter: Parameter, shape: ParameterShape): Parameter {
  if (shape === "model") return { name: parameter.name, type: llmParameter(parameter).type, description: llmParameter(parameter).description ?? parameter.description ?? "" };
  if (shape === "variable") return { name: parameter.name, value: { source: "variable", variable: "" } };
  return {
    name: parameter.name,
    value: { source: "llm_parameter", llm_parameter: { name: parameter.name, type: parameter.type ?? "string", description: parameter.description ?? "" } },
  };
}
