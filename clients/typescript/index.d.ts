import type { Client, ClientOptions } from "openapi-fetch";
import type { paths } from "./schema";

export type { components, operations, paths, webhooks } from "./schema";

export type VoiceAgentClient = Client<paths>;

export type VoiceAgentClientOptions = Omit<ClientOptions, "baseUrl"> & {
  /** The deployment, e.g. `https://voice.example.com` (paths start with /v1). */
  baseUrl: string;
  /** An API key of your organization (`vk_…`), sent as X-Api-Key. */
  apiKey: string;
};

export declare function createVoiceAgentClient(options: VoiceAgentClientOptions): VoiceAgentClient;
