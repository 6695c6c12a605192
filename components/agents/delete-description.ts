import type { PhoneNumber } from "@/lib/voice-api/phone-numbers";

/** The numbers that answer with each agent (name and number), or null when the numbers could not be loaded. */
export function numbersByAgent(numbers: Pick<PhoneNumber, "number" | "name" | "inbound_agent_id">[] | null): Record<string, string[]> | null {
  if (!numbers) return null;
  const byAgent: Record<string, string[]> = {};
  for (const number of numbers) {
    if (number.inbound_agent_id) (byAgent[number.inbound_agent_id] ??= []).push(number.name ? `${number.name} (${number.number})` : number.number);
  }
  return byAgent;
}

/** What deleting the agent does, naming the phone numbers that would lose it (null: they could not be loaded). */
export function deleteDescription(numbers: string[] | null): string {
  const base = "The agent, all its versions and its post-call questions are deleted for good. Calls keep their records.";
  if (numbers === null) return `${base} The phone numbers could not be loaded: any number that answers with this agent will have no inbound agent and stop answering calls until you choose another.`;
  if (!numbers.length) return `${base} No phone number answers with it.`;
  const list = numbers.length === 1 ? numbers[0] : `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
  return `${base} ${numbers.length === 1 ? "The number" : "The numbers"} ${list} will have no inbound agent and stop answering calls until you choose another.`;
}
