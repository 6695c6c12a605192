/** A rich agent that uses every part of the configuration the spec names. */
export function richAgent() {
  return {
    name: "Booking assistant",
    language: "en-GB",
    initial_message: "Hello {{customer_name}}, this is Bella's Bistro.",
    initial_message_delay: 800,
    max_call_duration: 900,
    presence_check_phrases: ["Are you still there?", "Hello?"],
    presence_check_idle_threshold: 12,
    presence_check_max_times: 3,
    base_prompt: "You book tables for Bella's Bistro. Be brief.",
    voice: { provider: "openai", name: "nova", instructions: "Warm and calm", speed: 1.1 },
    llm: { provider: "azure_openai", model: "gpt-4o", temperature: 0.3 },
    transcriber: { provider: "azure" },
    secure_recording_urls: true,
    interruptions: true,
    interruptions_sensitivity: "high",
    webhook_url: "https://hooks.example.com/voice",
    webhook_subscriptions: ["event_variable_value_updated", "event_all_variables_resolved"],
    custom_vocabulary: ["Bella", "bistro", "prosecco"],
    initial_state_name: "greeting",
    states: [
      {
        name: "greeting",
        prompt: "Ask how many people and when. Use {{check_availability}} with {{party_size}}.",
        llm: { model: "gpt-4o-mini", temperature: 0.1 },
        tools: [
          {
            type: "custom_function",
            name: "check_availability",
            description: "Looks up free tables",
            filler_sentence: "Let me check that for you.",
            url: "https://api.example.com/availability",
            method: "POST",
            content_type: "json",
            headers: [{ name: "Authorization", value: "Bearer abc", description: "API token" }],
            parameters: [
              { name: "date", type: "string", description: "Date in YYYY-MM-DD" },
              { name: "party", value: { source: "variable", variable: "party_size" } },
              { name: "time", value: { source: "llm_parameter", llm_parameter: { name: "time", type: "string", description: "HH:MM" } } },
            ],
            response_mapping: [
              { json_path_to_data: "$.slots[0].time", destination_variable: "offered_time" },
              { json_path_to_data: "$.reservation_id", destination_variable: "reservation_id" },
            ],
          },
          { type: "wait", description: "Wait while the caller checks", filler_sentence: "Take your time." },
        ],
        transitions: [
          { condition: "The caller accepted a time", destination_state_name: "confirm", filler_sentence: "Great." },
          { condition: "The caller wants a human", destination_state_name: "handover", filler_sentence: "" },
        ],
        variables: [
          { name: "party_size", type: "string", description: "How many people", extraction_instructions: "A number of guests" },
          { name: "booking_time", type: "datetime", description: "When", extraction_instructions: "ISO 8601" },
        ],
        x_position: 100,
        y_position: 50.5,
        features: { entity_detection: true },
      },
      {
        name: "confirm",
        prompt: "Confirm {{offered_time}} and hang up with {{hang_up}}.",
        tools: [{ type: "hang_up", description: "End the call", filler_sentence: "Goodbye!" }],
        transitions: [],
        variables: [{ name: "confirmed", type: "boolean", description: "Did they confirm", extraction_instructions: "yes or no" }],
        x_position: 400,
        y_position: 50,
        features: { entity_detection: false },
      },
      {
        name: "handover",
        prompt: "Transfer the caller.",
        tools: [
          { type: "transfer_call", description: "Transfer to the front desk", filler_sentence: "Transferring you now." },
          { type: "leave_voicemail_message", description: "Leave a message", filler_sentence: "" },
        ],
      },
    ],
  };
}

export function minimalAgent(name = "Minimal") {
  return { name, initial_state_name: "main", states: [{ name: "main", prompt: "Help." }] };
}
