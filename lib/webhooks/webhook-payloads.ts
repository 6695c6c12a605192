import type { VariableValue } from "@/lib/schemas/call-values";

export const webhookEventTypes = ["event_variable_value_updated", "event_all_variables_resolved"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** `data` of `event_variable_value_updated`: the value that changed and every value the call holds now. */
export type VariableValueUpdatedData = {
  call_id: string;
  agent_id: string;
  variable: VariableValue;
  /** The previous value, null when the variable had none. */
  previous_value: unknown;
  variable_values: VariableValue[];
};

/** `data` of `event_all_variables_resolved`: sent once per call, when every agent variable has a value. */
export type AllVariablesResolvedData = {
  call_id: string;
  agent_id: string;
  variable_values: VariableValue[];
};

export type WebhookEventData = {
  event_variable_value_updated: VariableValueUpdatedData;
  event_all_variables_resolved: AllVariablesResolvedData;
};

/**
 * The JSON body a receiver gets, in Standard Webhooks' recommended form. `timestamp` is when the event
 * happened (not when it was sent: the `webhook-timestamp` header says that, per attempt).
 */
export type WebhookBody<T extends WebhookEventType = WebhookEventType> = {
  type: T;
  timestamp: string;
  data: WebhookEventData[T];
};
