// A campaign's enum lists and stored settings shapes: the database columns, the services and the API share these.

export const campaignStatuses = ["draft", "scheduled", "running", "paused", "completed", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const contactStatuses = [
  "pending",
  "scheduled",
  "dialing",
  "in_progress",
  "retry_scheduled",
  "completed",
  "failed",
  "skipped_dnc",
  "cancelled",
] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

export const retryOutcomes = ["no_answer", "busy", "failed", "voicemail"] as const;
export type RetryOutcome = (typeof retryOutcomes)[number];

export type CallingWindow = { days: Weekday[]; start: string; end: string };

export type CampaignSchedule = {
  start_at: string | null;
  end_at: string | null;
  timezone: string;
  windows: CallingWindow[];
  recipient_timezone: boolean;
};

export type CampaignPacing = { max_concurrent_calls: number; calls_per_second: number };
export type CampaignRetry = { max_attempts: number; retry_on: RetryOutcome[]; delay_minutes: number };

export const DEFAULT_WINDOWS: CallingWindow[] = [{ days: [...weekdays], start: "09:00", end: "20:00" }];
export const DEFAULT_PACING: CampaignPacing = { max_concurrent_calls: 10, calls_per_second: 1 };
export const DEFAULT_RETRY: CampaignRetry = { max_attempts: 1, retry_on: [], delay_minutes: 60 };

/** Contacts still to be called or on a call: a campaign with none of these left is complete. */
export const UNFINISHED_CONTACT_STATUSES = ["pending", "scheduled", "dialing", "in_progress", "retry_scheduled"] as const;
/** Contacts the dispatcher may claim (when due). */
export const CLAIMABLE_CONTACT_STATUSES = ["pending", "scheduled", "retry_scheduled"] as const;

/** The organization's concurrency when it never set one. */
export const DEFAULT_CONCURRENCY_LIMIT = 20;
