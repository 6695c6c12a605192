import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";
import { questionTypes } from "@/lib/schemas/post-call-question-rules";

export const agents = pgTable(
  "agents",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The published (deployed) version, returned when no version is asked for. */
    publishedVersion: integer("published_version").notNull(),
    latestVersion: integer("latest_version").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("agents_org_created_idx").on(table.organizationId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())],
);

/** Each accepted change of an agent is a new immutable version; `config` is the validated agent document. */
export const agentVersions = pgTable(
  "agent_versions",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.version] })],
);

export { questionTypes, type QuestionType } from "@/lib/schemas/post-call-question-rules";

export const postCallQuestions = pgTable(
  "post_call_questions",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: questionTypes }).notNull(),
    optional: boolean("optional").notNull().default(false),
    model: text("model"),
    examples: jsonb("examples").$type<string[]>().notNull().default([]),
    isActive: boolean("is_active").notNull().default(true),
    questionOrigin: text("question_origin").notNull().default("system"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("post_call_questions_agent_idx").on(table.agentId, table.createdAt)],
);

export const postCallQuestionOptions = pgTable(
  "post_call_question_options",
  {
    id: id(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => postCallQuestions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("post_call_question_options_position_unique").on(table.questionId, table.position)],
);
