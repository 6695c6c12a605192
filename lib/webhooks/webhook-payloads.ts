import type { AllVariablesResolvedData, VariableValueUpdatedData, WebhookEventType } from "@/lib/schemas/webhooks";

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
