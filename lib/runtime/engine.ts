import type { AgentDocument, AgentState, AgentVariable } from "@/lib/agents/normalize";
import { agentVariables, callVariables } from "@/lib/agents/variables";
import type { CallEndReason, VariableValue } from "@/lib/schemas/call-values";
import { outcomeForModel, runCustomFunction } from "./custom-function";
import { buildSystemPrompt, fillPrompt } from "./prompt";
import { nextDeadline, type Deadline } from "./timers";
import { stateTools, type ToolBinding } from "./tool-definitions";
import type { CallEndCause, CallSnapshot, EngineDependencies, EngineMessage, KnowledgeChunk, RecordedEvent, RuntimeEvent, ToolCall, ToolSpec } from "./types";
import { coerceVariableValue, currentValue, withVariableValue } from "./variable-values";

/** Model calls per caller turn: a reply may need a tool's result, or a transition, before it is complete. */
const MAX_STEPS_PER_TURN = 5;

/** What the agent says on add_to_do_not_call when neither the model nor the tool's filler sentence said anything. */
export const DO_NOT_CALL_GOODBYE = "Understood. We won't call you again. Goodbye.";

export class CallEndedError extends Error {
  constructor() {
    super("The call has ended");
    this.name = "CallEndedError";
  }
}

type ToolResult = { id: string; name: string; output: unknown };

/**
 * Runs one call's conversation over an agent document: caller turns in, the agent's words (streamed),
 * state changes, tool calls and variable values out through the sink. It holds no I/O of its own:
 * the model, HTTP, knowledge retrieval and the clock are injected, and its whole state is the
 * snapshot, which the host stores after each operation.
 */
/** What a caller turn may be told: see handleUserTurn. */
export type TurnOptions = { holdSideEffects?: () => Promise<void> };

/** Tools that act outside the conversation: never run on words the caller may not have finished. */
export function hasSideEffects(binding: ToolBinding): boolean {
  if (binding.kind === "custom_function") return true;
  return binding.kind === "built_in" && (binding.tool.type === "hang_up" || binding.tool.type === "transfer_call");
}

export class CallEngine {
  private snap: CallSnapshot;
  private holdSideEffects: (() => Promise<void>) | null = null;
  private recorded: RecordedEvent[] = [];
  private readonly variables: AgentVariable[];
  private readonly resolvable: AgentVariable[];

  constructor(
    private readonly agent: AgentDocument,
    snapshot: CallSnapshot,
    private readonly deps: EngineDependencies,
  ) {
    this.snap = structuredClone(snapshot);
    this.variables = agentVariables(agent);
    // Call variables are known from the start or do not apply (no numbers on a web call): "all resolved" means the conversation's.
    this.resolvable = this.variables.filter((variable) => !callVariables.some((call) => call.name === variable.name));
  }

  get snapshot(): CallSnapshot {
    return this.snap;
  }

  get ended(): boolean {
    return this.snap.status === "ended";
  }

  /** Events recorded since the last call (the host stores them with the snapshot). */
  takeRecordedEvents(): RecordedEvent[] {
    const events = this.recorded;
    this.recorded = [];
    return events;
  }

  nextDeadline(): Deadline | null {
    return nextDeadline(this.agent, this.snap);
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  private emit(event: RuntimeEvent): void {
    if (event.type === "agent_text_delta") {
      this.deps.sink(event);
      return;
    }
    const recorded = { ...event, seq: ++this.snap.event_seq, at: this.now().toISOString() } as RecordedEvent;
    this.recorded.push(recorded);
    this.deps.sink(recorded);
  }

  private state(): AgentState {
    const state = this.agent.states.find((candidate) => candidate.name === this.snap.state_name);
    if (!state) throw new Error(`The agent has no state "${this.snap.state_name}"`);
    return state;
  }

  private say(content: string, kind: "initial" | "reply" | "filler" | "presence_check"): void {
    const text = content.trim();
    if (!text) return;
    const now = this.now().toISOString();
    this.snap.transcript.push({ role: "agent", content: text, start_time: now });
    this.snap.usage.tts_characters += text.length;
    this.snap.last_activity_at = now;
    this.emit({ type: "agent_message", content: text, kind });
  }

  /** Starts the call: says the initial message now when it has no delay. */
  async begin(): Promise<void> {
    this.checkAllResolved();
    await this.tick();
  }

  /** Fires whatever is due: the end at max_call_duration, the initial message, a presence check or the hang-up after the last one. */
  async tick(): Promise<void> {
    if (this.deps.mediaTimers) return;
    const now = this.now().getTime();
    for (let deadline = this.nextDeadline(); deadline && deadline.at <= now; deadline = this.nextDeadline()) {
      if (deadline.kind === "max_duration") {
        this.end("max_duration", "max_call_duration reached");
      } else if (deadline.kind === "initial_message") {
        this.speakInitialMessage(new Date(deadline.at));
      } else {
        this.checkPresence();
      }
    }
  }

  /** Says the initial message (once); a voice call asks for it on its own clock, after initial_message_delay. */
  speakInitialMessage(at: Date = this.now()): void {
    if (!this.snap.initial_message_pending || this.ended) return;
    this.snap.initial_message_pending = false;
    this.snap.last_activity_at = at.toISOString();
    if (this.agent.initial_message) this.say(fillPrompt(this.agent.initial_message, this.snap.variable_values, new Set()), "initial");
  }

  /** The caller has been silent: the next presence-check phrase, or the hang-up after the last one. */
  checkPresence(): void {
    if (this.ended) return;
    if (this.snap.presence_checks >= this.agent.presence_check_max_times) {
      this.end("agent_hangup", "no response to the presence checks");
      return;
    }
    const phrases = this.agent.presence_check_phrases.length ? this.agent.presence_check_phrases : ["Are you still there?"];
    this.say(phrases[this.snap.presence_checks % phrases.length], "presence_check");
    this.snap.presence_checks += 1;
  }

  /** The caller hung up (or closed the page). */
  hangUpByCaller(): void {
    if (!this.ended) this.end("user_hangup");
  }

  end(reason: CallEndReason, detail?: string, cause?: CallEndCause): void {
    if (this.ended) return;
    this.snap.status = "ended";
    this.snap.end_reason = reason;
    this.snap.ended_at = this.now().toISOString();
    this.emit({ type: "call_ended", end_reason: reason, ...(detail ? { detail } : {}), ...(cause ? { reason: cause } : {}) });
  }

  /**
   * One caller turn: the model is asked, its words stream out, its function calls run, until it has answered.
   * With `holdSideEffects` (a preemptive answer, started before the caller's turn was confirmed), tools that
   * act outside the conversation (custom functions, transfer, hang-up) wait for it to resolve; it rejects
   * when the turn is dropped, and the tool never runs.
   */
  async handleUserTurn(text: string, abortSignal?: AbortSignal, options: TurnOptions = {}): Promise<void> {
    this.holdSideEffects = options.holdSideEffects ?? null;
    await this.tick();
    if (this.ended) throw new CallEndedError();
    this.recordCallerTurn(text);

    const history: EngineMessage[] = this.snap.transcript.map((entry) =>
      entry.role === "user" ? { role: "user", content: entry.content } : { role: "assistant", content: entry.content },
    );
    const knowledge = await this.retrieve(text);
    const turn: EngineMessage[] = [];
    try {
      for (let step = 0; step < MAX_STEPS_PER_TURN && !this.ended; step++) {
        const followUp = await this.step(history, turn, knowledge, abortSignal);
        if (!followUp) break;
      }
    } catch (error) {
      if (abortSignal?.aborted) throw error;
      this.emit({ type: "turn_failed", message: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The caller's words join the transcript (and reset the presence checks). */
  recordCallerTurn(text: string, at: Date = this.now()): void {
    const now = at.toISOString();
    this.snap.initial_message_pending = false;
    this.snap.transcript.push({ role: "user", content: text, start_time: now });
    this.snap.last_activity_at = now;
    this.snap.presence_checks = 0;
    this.emit({ type: "user_message", content: text });
  }

  // ── speech-to-speech: a realtime model hears and speaks; the engine keeps the record and runs the tools ──

  /** The current state as the realtime model is told it: its prompt as instructions, its functions as tools. */
  realtimeSession(): { instructions: string; tools: ToolSpec[] } {
    const state = this.state();
    const tools = stateTools(state);
    const instructions = buildSystemPrompt({ agent: this.agent, state, values: this.snap.variable_values, toolNames: new Set(tools.specs.map((spec) => spec.name)), knowledge: [] });
    return { instructions, tools: tools.specs };
  }

  /** What the agent said in a realtime response (what the caller heard of it, when cut off). */
  recordAgentReply(text: string, interrupted = false): void {
    this.say(text, "reply");
    const last = this.snap.transcript.at(-1);
    if (interrupted && last?.role === "agent" && last.content === text.trim()) last.interrupted = true;
  }

  /** Token usage a realtime response reported. */
  addUsage(inputTokens: number, outputTokens: number): void {
    this.snap.usage.llm_input_tokens += inputTokens;
    this.snap.usage.llm_output_tokens += outputTokens;
  }

  /** One function the realtime model called, run as in a cascaded turn; `moved`: a transition changed the state. */
  async callFunction(call: ToolCall, spoke: boolean): Promise<{ output: unknown; followUp: boolean; moved: boolean }> {
    if (this.ended) return { output: { error: "The call has ended" }, followUp: false, moved: false };
    const binding = stateTools(this.state()).bindings.get(call.name);
    if (!binding) return { output: { error: `No function named ${call.name} in this state` }, followUp: true, moved: false };
    const outcome = await this.runTool(binding, call, spoke);
    return { ...outcome, moved: binding.kind === "transition" };
  }

  private async retrieve(query: string): Promise<KnowledgeChunk[]> {
    if (this.agent.knowledge_base_ids.length === 0 || !this.deps.knowledge) return [];
    try {
      return await this.deps.knowledge(query);
    } catch {
      return []; // the call goes on without excerpts rather than failing the turn
    }
  }

  /** One model call and its function calls; true when the model must be asked again to finish the reply. */
  private async step(history: EngineMessage[], turn: EngineMessage[], knowledge: KnowledgeChunk[], abortSignal?: AbortSignal): Promise<boolean> {
    const state = this.state();
    const tools = stateTools(state);
    const llm = { ...this.agent.llm, ...(state.llm ?? {}) };
    const system = buildSystemPrompt({ agent: this.agent, state, values: this.snap.variable_values, toolNames: new Set(tools.specs.map((s) => s.name)), knowledge });
    let text = "";
    const calls: ToolCall[] = [];
    for await (const event of this.deps.llm({ ...llm, system, messages: [...history, ...turn], tools: tools.specs, abortSignal })) {
      if (event.type === "text") {
        text += event.text;
        this.emit({ type: "agent_text_delta", text: event.text });
      } else if (event.type === "tool-call") {
        calls.push(event.call);
      } else {
        this.snap.usage.llm_input_tokens += event.inputTokens;
        this.snap.usage.llm_output_tokens += event.outputTokens;
      }
    }
    this.say(text, "reply");
    if (calls.length === 0) return false;
    turn.push({ role: "assistant", content: text.trim(), toolCalls: calls });
    const results: ToolResult[] = [];
    let followUp = false;
    let moved = false;
    for (const call of calls) {
      const binding = tools.bindings.get(call.name);
      if (!binding) {
        results.push({ id: call.id, name: call.name, output: { error: `No function named ${call.name} in this state` } });
        followUp = true;
        continue;
      }
      if (binding.kind === "transition" && moved) {
        results.push({ id: call.id, name: call.name, output: { error: "Already moved to another step" } });
        continue;
      }
      const outcome = await this.runTool(binding, call, text !== "");
      if (this.ended) return false;
      results.push({ id: call.id, name: call.name, output: outcome.output });
      followUp ||= outcome.followUp;
      moved ||= binding.kind === "transition";
    }
    turn.push({ role: "tool", results });
    return followUp;
  }

  private async runTool(binding: ToolBinding, call: ToolCall, spoke: boolean): Promise<{ output: unknown; followUp: boolean }> {
    if (this.holdSideEffects && hasSideEffects(binding)) {
      const hold = this.holdSideEffects;
      this.holdSideEffects = null;
      await hold();
    }
    switch (binding.kind) {
      case "transition": {
        const from = this.snap.state_name;
        const to = binding.transition.destination_state_name;
        this.emit({ type: "tool_called", name: call.name, tool_type: "transition", input: {} });
        this.say(binding.transition.filler_sentence, "filler");
        this.snap.state_name = to;
        this.emit({ type: "state_changed", from, to });
        return { output: { moved_to: to }, followUp: true };
      }
      case "record_variables": {
        const recorded = this.recordVariables(binding.state, call.input);
        return { output: { recorded }, followUp: !spoke };
      }
      case "built_in": {
        const tool = binding.tool;
        this.emit({ type: "tool_called", name: call.name, tool_type: tool.type, input: call.input });
        if (tool.type === "hang_up") {
          if (!spoke) this.say(tool.filler_sentence, "filler");
          this.end("agent_hangup");
          return { output: { ok: true }, followUp: false };
        }
        if (tool.type === "add_to_do_not_call") {
          // Polite even when the model said nothing: the person hears that they will not be called again.
          if (!spoke) this.say(tool.filler_sentence || DO_NOT_CALL_GOODBYE, "filler");
          this.emit({ type: "add_to_do_not_call", description: tool.description });
          this.end("agent_hangup");
          return { output: { ok: true }, followUp: false };
        }
        if (tool.type === "transfer_call" && "transfer_mode" in tool && tool.transfer_mode === "warm" && !this.deps.phoneLine) {
          // No line to dial out on (a web call): the agent is told, and tells the caller, rather than pretending to transfer.
          this.emit({ type: "transfer_failed", to: tool.transfer_phone_number ?? "", reason: "no_phone_line" });
          return { output: { ok: false, error: "A warm transfer needs a phone line, and this call is not on one. Tell the caller you cannot put them through from here, and offer to help another way." }, followUp: true };
        }
        this.say(tool.filler_sentence, "filler");
        this.emit({ type: tool.type, description: tool.description });
        return { output: { ok: true, note: `${tool.type} recorded` }, followUp: !spoke && tool.type !== "wait" };
      }
      case "custom_function": {
        const tool = binding.tool;
        this.emit({ type: "tool_called", name: call.name, tool_type: "custom_function", input: call.input });
        this.say(tool.filler_sentence, "filler");
        const outcome = await runCustomFunction(tool, call.input, this.snap.variable_values, this.deps.http);
        this.emit({ type: "tool_result", name: call.name, ok: outcome.ok, output: { status: outcome.status, error: outcome.error, body: outcome.body } });
        for (const { name, value } of outcome.mapped) this.setVariable(name, value);
        return { output: outcomeForModel(outcome), followUp: true };
      }
    }
  }

  private recordVariables(state: AgentState, input: Record<string, unknown>): string[] {
    const recorded: string[] = [];
    for (const variable of state.variables) {
      if (!(variable.name in input)) continue;
      if (this.setVariable(variable.name, input[variable.name])) recorded.push(variable.name);
    }
    return recorded;
  }

  /** Stores a value in the variable's type; an unchanged value or one that does not fit the type is ignored. */
  setVariable(name: string, raw: unknown): boolean {
    const type = this.variables.find((variable) => variable.name === name)?.type ?? "string";
    const value = coerceVariableValue(type, raw);
    if (value === undefined) return false;
    const previous = currentValue(this.snap.variable_values, name);
    if (JSON.stringify(previous) === JSON.stringify(value)) return false;
    const entry: VariableValue = { name, type, value, timestamp: this.now().toISOString() };
    this.snap.variable_values = withVariableValue(this.snap.variable_values, entry);
    this.emit({ type: "variable_updated", variable: entry, previous_value: previous ?? null });
    this.checkAllResolved();
    return true;
  }

  private checkAllResolved(): void {
    if (this.snap.all_variables_resolved) return;
    if (this.resolvable.length === 0) return;
    const resolved = this.resolvable.every((variable) => currentValue(this.snap.variable_values, variable.name) !== undefined);
    if (!resolved) return;
    this.snap.all_variables_resolved = true;
    this.emit({ type: "all_variables_resolved", variable_values: this.snap.variable_values });
  }
}
