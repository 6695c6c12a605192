import type { CreateAgentInput } from "@/lib/agents/document-schema";
import type { PostCallQuestionItem } from "@/lib/voice-api/post-call-questions";

export type AgentTemplate = {
  id: string;
  title: string;
  description: string;
  agent: (name: string) => CreateAgentInput;
  questions?: PostCallQuestionItem[];
};

const blank: AgentTemplate = {
  id: "blank",
  title: "Blank agent",
  description: "One state and the defaults. Build the conversation yourself.",
  agent: (name) => ({
    name,
    base_prompt: "",
    initial_message: "Hello! How can I help you today?",
    initial_state_name: "start",
    states: [{ name: "start", prompt: "", x_position: 0, y_position: 0 }],
  }),
};

const appointmentBooking: AgentTemplate = {
  id: "appointment-booking",
  title: "Appointment booking",
  description: "Finds a free slot with a lookup API (custom function, response mapped into variables), books it and confirms.",
  agent: (name) => ({
    name,
    base_prompt: "You book appointments for a clinic. Be brief and friendly, confirm details back to the caller, never invent free slots.",
    initial_message: "Hello, you've reached the clinic's booking line. Who am I speaking with?",
    initial_state_name: "greeting",
    states: [
      {
        name: "greeting",
        prompt: "Ask for the caller's name and which service they want to book.",
        variables: [
          { name: "caller_name", type: "string", description: "The caller's full name", extraction_instructions: "First and last name as the caller says them" },
          { name: "service", type: "string", description: "The service to book", extraction_instructions: "One of: check-up, cleaning, consultation" },
        ],
        transitions: [{ condition: "The caller gave their name and the service", destination_state_name: "find_slot", filler_sentence: "Thanks, let me look." }],
        x_position: 0,
        y_position: 0,
      },
      {
        name: "find_slot",
        prompt: "Ask which day suits {{caller_name}}, then use {{check_availability}} and offer {{offered_slot}}.",
        variables: [{ name: "preferred_date", type: "date", description: "The day the caller wants", extraction_instructions: "As YYYY-MM-DD" }],
        tools: [
          {
            type: "custom_function",
            name: "check_availability",
            description: "Looks up the first free slot for a service on a day",
            filler_sentence: "One moment while I check the calendar.",
            url: "https://scheduling.example.com/v1/availability",
            method: "GET",
            content_type: "url_params",
            headers: [{ name: "Authorization", value: "Bearer replace-me", description: "Scheduling API token" }],
            parameters: [
              { name: "service", value: { source: "variable", variable: "service" } },
              { name: "date", value: { source: "llm_parameter", llm_parameter: { name: "date", type: "string", description: "The day, YYYY-MM-DD" } } },
            ],
            response_mapping: [
              { json_path_to_data: "$.slots[0].start", destination_variable: "offered_slot" },
              { json_path_to_data: "$.slots[0].id", destination_variable: "slot_id" },
            ],
          },
        ],
        transitions: [
          { condition: "The caller accepted the offered slot", destination_state_name: "book", filler_sentence: "Great." },
          { condition: "No slot suits the caller", destination_state_name: "wrap_up", filler_sentence: "" },
        ],
        x_position: 440,
        y_position: 0,
      },
      {
        name: "book",
        prompt: "Book the slot with {{book_appointment}} and read {{confirmation_code}} back.",
        tools: [
          {
            type: "custom_function",
            name: "book_appointment",
            description: "Books the slot for the caller",
            filler_sentence: "Booking that for you now.",
            url: "https://scheduling.example.com/v1/bookings",
            method: "POST",
            content_type: "json",
            headers: [{ name: "Authorization", value: "Bearer replace-me", description: "Scheduling API token" }],
            parameters: [
              { name: "slot_id", value: { source: "variable", variable: "slot_id" } },
              { name: "name", value: { source: "variable", variable: "caller_name" } },
              { name: "notes", type: "string", description: "Anything the caller wants the clinic to know" },
            ],
            response_mapping: [{ json_path_to_data: "$.confirmation_code", destination_variable: "confirmation_code" }],
          },
        ],
        transitions: [{ condition: "The booking is confirmed", destination_state_name: "wrap_up", filler_sentence: "" }],
        x_position: 880,
        y_position: -100,
      },
      {
        name: "wrap_up",
        prompt: "Thank the caller, say goodbye and end the call with {{hang_up}}.",
        tools: [{ type: "hang_up", description: "Ends the call", filler_sentence: "Goodbye!" }],
        x_position: 1320,
        y_position: 0,
      },
    ],
  }),
};

const survey: AgentTemplate = {
  id: "survey",
  title: "Customer survey",
  description: "A short satisfaction survey; post-call questions turn each call into answers (choice, yes/no, number, text).",
  agent: (name) => ({
    name,
    base_prompt: "You run a two-minute satisfaction survey after a customer's recent order. Be polite; stop if the caller declines.",
    initial_message: "Hi, this is a quick call about your recent order. Do you have two minutes for three short questions?",
    initial_state_name: "consent",
    states: [
      {
        name: "consent",
        prompt: "Ask whether the caller agrees to the survey.",
        transitions: [
          { condition: "The caller agrees", destination_state_name: "questions", filler_sentence: "Thank you!" },
          { condition: "The caller declines or is busy", destination_state_name: "goodbye", filler_sentence: "" },
        ],
        x_position: 0,
        y_position: 0,
      },
      {
        name: "questions",
        prompt: "Ask how satisfied they were (very satisfied to very dissatisfied), how likely they are to recommend us from 0 to 10, and what we could do better.",
        variables: [{ name: "recommend_score", type: "integer", description: "0 to 10", extraction_instructions: "The number the caller gives" }],
        features: { entity_detection: true },
        transitions: [{ condition: "All questions are answered", destination_state_name: "goodbye", filler_sentence: "" }],
        x_position: 440,
        y_position: 0,
      },
      {
        name: "goodbye",
        prompt: "Thank the caller and end the call with {{hang_up}}.",
        tools: [{ type: "hang_up", description: "Ends the call", filler_sentence: "Have a good day!" }],
        x_position: 880,
        y_position: 0,
      },
    ],
  }),
  questions: [
    {
      name: "Satisfaction",
      type: "single_choice",
      description: "How satisfied was the caller with the order?",
      options: [{ value: "Very satisfied" }, { value: "Satisfied" }, { value: "Neutral" }, { value: "Dissatisfied" }, { value: "Very dissatisfied" }],
    },
    { name: "Would recommend", type: "boolean", description: "Did the caller give 7 or more when asked about recommending us?" },
    { name: "Recommendation score", type: "number", description: "The 0 to 10 score the caller gave", optional: true },
    { name: "Improvement ideas", type: "text", description: "What the caller said we could do better", optional: true, examples: ["Faster delivery", "Clearer tracking emails"] },
  ],
};

const supportTriage: AgentTemplate = {
  id: "support-triage",
  title: "Support triage",
  description: "Finds out what the caller needs, answers simple questions and transfers the rest to a person (or takes a message).",
  agent: (name) => ({
    name,
    base_prompt: "You are the first line of support. Answer only simple questions; anything about billing or a fault goes to a person.",
    initial_message: "Hello, support here. What can I help you with?",
    initial_state_name: "triage",
    interruptions_sensitivity: "high",
    states: [
      {
        name: "triage",
        prompt: "Find out the reason for the call. Use {{wait}} if the caller needs to look something up.",
        variables: [{ name: "reason", type: "string", description: "Why the caller called", extraction_instructions: "One short sentence" }],
        tools: [{ type: "wait", description: "Give the caller time", filler_sentence: "Take your time." }],
        transitions: [
          { condition: "The question is about billing, a fault or needs an account change", destination_state_name: "transfer", filler_sentence: "I'll get you to a colleague." },
          { condition: "The question is answered", destination_state_name: "close", filler_sentence: "" },
        ],
        x_position: 0,
        y_position: 0,
      },
      {
        name: "transfer",
        prompt: "Tell the caller you are transferring them about {{reason}}, then use {{transfer_call}}. If nobody answers, use {{leave_voicemail_message}}.",
        tools: [
          { type: "transfer_call", description: "Transfers to the support desk", filler_sentence: "Transferring you now." },
          { type: "leave_voicemail_message", description: "Leaves a message for the support desk", filler_sentence: "" },
        ],
        x_position: 440,
        y_position: -100,
      },
      {
        name: "close",
        prompt: "Ask if there is anything else; if not, say goodbye and use {{hang_up}}.",
        tools: [{ type: "hang_up", description: "Ends the call", filler_sentence: "Goodbye!" }],
        x_position: 440,
        y_position: 100,
      },
    ],
  }),
};

export const agentTemplates: AgentTemplate[] = [blank, appointmentBooking, survey, supportTriage];
