import type { QuestionType } from "@/lib/db/schema";

export type DemoQuestion = { name: string; description: string; type: QuestionType; optional?: boolean; options?: string[] };

/**
 * An agent document as the API stores it (spec field names), with the post-call questions to create
 * beside it, and an optional later revision (a partial update) published a few weeks before the demo
 * starts, so that the studio can compare two versions.
 */
export type DemoAgent = { config: Record<string, unknown>; questions: DemoQuestion[]; revision?: Record<string, unknown> };

const shared = {
  language: "en-US",
  initial_message_delay: 400,
  max_call_duration: 900,
  presence_check_phrases: ["Are you still there?", "Hello, can you hear me?"],
  presence_check_idle_threshold: 8,
  presence_check_max_times: 2,
  llm: { provider: "openai", model: "gpt-4o-mini", temperature: 0.3 },
  transcriber: { provider: "openai" },
  secure_recording_urls: false,
  interruptions: true,
  interruptions_sensitivity: "high",
  webhook_url: null,
  webhook_subscriptions: [],
};

const hangUp = { type: "hang_up", description: "End the call once the caller has nothing more to ask", filler_sentence: "Goodbye!" };

export const appointmentAgent: DemoAgent = {
  config: {
    ...shared,
    name: "Appointment booking",
    initial_message: "Hi, this is Ava from Bright Smile Dental. How can I help you today?",
    base_prompt:
      "You are Ava, the friendly receptionist of Bright Smile Dental. Keep answers short and spoken-style. " +
      "Never give medical advice; offer an appointment instead.",
    voice: { provider: "openai", name: "alloy", speed: 1, instructions: "Warm and upbeat, moderate pace." },
    custom_vocabulary: ["Bright Smile", "hygienist"],
    success_rubric: {
      type: "checklist",
      criteria: ["The caller's name is taken", "An appointment is booked or moved", "The date and time are repeated back to the caller"],
    },
    initial_state_name: "greeting",
    states: [
      {
        name: "greeting",
        prompt: "Find out whether the caller wants to book, move or cancel an appointment, and ask for their full name.",
        tools: [],
        transitions: [
          {
            condition: "The caller wants an appointment and gave their name",
            destination_state_name: "booking",
            filler_sentence: "Let me look at the calendar.",
          },
        ],
        variables: [
          {
            name: "customer_name",
            type: "string",
            description: "The caller's full name",
            extraction_instructions: "First and last name as the caller says them",
          },
        ],
        x_position: 0,
        y_position: 0,
        features: { entity_detection: true },
      },
      {
        name: "booking",
        prompt:
          "Use {{check_availability}} to find free slots, offer two of them to {{customer_name}}, " +
          "and confirm the one they choose by repeating the day and time.",
        tools: [
          {
            type: "custom_function",
            name: "check_availability",
            description: "Free appointment slots for the next seven days",
            filler_sentence: "One moment while I check.",
            url: "https://api.example.com/dental/availability",
            method: "GET",
            content_type: "url_params",
            headers: [{ name: "Accept", value: "application/json", description: "Ask for JSON" }],
            parameters: [
              { name: "treatment", type: "string", description: "cleaning, check-up or filling" },
              { name: "patient", value: { source: "variable", variable: "customer_name" } },
            ],
            response_mapping: [
              { json_path_to_data: "$.slots[0].start", destination_variable: "appointment_time" },
              { json_path_to_data: "$.slots[0].dentist", destination_variable: "dentist_name" },
            ],
          },
        ],
        transitions: [
          {
            condition: "The caller confirmed a slot",
            destination_state_name: "wrap_up",
            filler_sentence: "Perfect, you're all set.",
          },
        ],
        variables: [
          {
            name: "appointment_time",
            type: "datetime",
            description: "The confirmed appointment",
            extraction_instructions: "The slot the caller accepted",
          },
          {
            name: "dentist_name",
            type: "string",
            description: "Who sees the patient",
            extraction_instructions: "From the availability response",
          },
        ],
        x_position: 440,
        y_position: 0,
        features: { entity_detection: false },
      },
      {
        name: "wrap_up",
        prompt: "Tell the caller a text confirmation is on its way, ask if there is anything else, then {{hang_up}}.",
        tools: [hangUp],
        transitions: [],
        variables: [],
        x_position: 880,
        y_position: 0,
        features: { entity_detection: false },
      },
    ],
  },
  questions: [
    { name: "appointment_booked", description: "Did the caller book or move an appointment?", type: "boolean" },
    { name: "call_summary", description: "Summarize the call in one or two sentences.", type: "text" },
  ],
  revision: {
    base_prompt:
      "You are Ava, the friendly receptionist of Bright Smile Dental. Keep answers short and spoken-style. " +
      "Never give medical advice; offer an appointment instead. Before saying goodbye, repeat the appointment's day and time.",
  },
};

export const surveyAgent: DemoAgent = {
  config: {
    ...shared,
    name: "Customer satisfaction survey",
    initial_message: "Hi {{customer_name}}, this is Sam from Northwind Internet. Do you have two minutes for a short survey?",
    base_prompt:
      "You are Sam, calling customers of Northwind Internet after a support ticket was closed. " +
      "Be brief and polite, and stop if the customer is not interested.",
    voice: { provider: "openai", name: "verse", speed: 1.05, instructions: "Calm and friendly." },
    custom_vocabulary: ["Northwind"],
    success_rubric: {
      type: "score",
      criteria: ["The customer gives a rating", "The agent learns whether the issue is resolved", "The customer is thanked for their time"],
    },
    initial_state_name: "survey",
    states: [
      {
        name: "survey",
        prompt:
          "Ask {{customer_name}} how satisfied they were from one to five, whether the issue is resolved, " +
          "and whether they would recommend Northwind. Then thank them and {{hang_up}}.",
        tools: [hangUp],
        transitions: [],
        variables: [
          {
            name: "customer_name",
            type: "string",
            description: "Given when the call is started",
            extraction_instructions: "Passed in dynamic_variables_values",
          },
          {
            name: "issue_resolved",
            type: "boolean",
            description: "Whether the support issue is solved",
            extraction_instructions: "Yes or no from the customer",
          },
        ],
        x_position: 0,
        y_position: 0,
        features: { entity_detection: false },
      },
    ],
  },
  questions: [
    { name: "issue_resolved", description: "Does the customer say the issue is resolved?", type: "boolean" },
    {
      name: "satisfaction",
      description: "How satisfied is the customer with the support they received?",
      type: "single_choice",
      options: ["Very satisfied", "Satisfied", "Neutral", "Dissatisfied", "Very dissatisfied"],
    },
    { name: "would_recommend", description: "Would the customer recommend Northwind?", type: "boolean", optional: true },
    { name: "feedback", description: "What did the customer say could be better?", type: "text", optional: true },
  ],
};

export const receptionAgent: DemoAgent = {
  config: {
    ...shared,
    name: "Front desk",
    initial_message: "Thank you for calling Acme Home Services, this is Riley. How can I help?",
    base_prompt:
      "You are Riley, who answers the phone for Acme Home Services (plumbing, heating, electrical). " +
      "Take the caller's name and problem and offer a technician visit.",
    voice: { provider: "openai", name: "sage", speed: 1, instructions: "Reassuring and efficient." },
    custom_vocabulary: ["Acme"],
    success_rubric: { type: "pass_fail", criteria: ["A technician visit is booked, or the caller leaves with a clear next step"] },
    initial_state_name: "intake",
    states: [
      {
        name: "intake",
        prompt: "Ask for the caller's name and what went wrong, offer a visit window, then {{hang_up}} once they agree.",
        tools: [hangUp],
        transitions: [],
        variables: [
          {
            name: "customer_name",
            type: "string",
            description: "The caller's full name",
            extraction_instructions: "First and last name",
          },
          {
            name: "problem_category",
            type: "string",
            description: "What kind of problem the caller has",
            extraction_instructions: "Plumbing, Heating, Electrical or Pricing question",
          },
          {
            name: "visit_booked",
            type: "boolean",
            description: "Whether a technician visit was agreed",
            extraction_instructions: "True once the caller accepts a window",
          },
        ],
        x_position: 0,
        y_position: 0,
        features: { entity_detection: true },
      },
    ],
  },
  questions: [
    { name: "visit_booked", description: "Did the caller book a technician visit?", type: "boolean" },
    {
      name: "problem_category",
      description: "What did the caller call about?",
      type: "single_choice",
      options: ["Plumbing", "Heating", "Electrical", "Pricing question"],
    },
  ],
  revision: {
    base_prompt:
      "You are Riley, who answers the phone for Acme Home Services (plumbing, heating, electrical). " +
      "Take the caller's name and problem and offer a technician visit. When no visit suits, say when a colleague will call back.",
  },
};

export const demoAgents = [appointmentAgent, surveyAgent, receptionAgent];
