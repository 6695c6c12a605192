import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import {
  createPostCallQuestions,
  deletePostCallQuestion,
  getPostCallQuestion,
  listPostCallQuestions,
  setPostCallQuestionActive,
  upsertPostCallQuestions,
} from "@/lib/services/post-call-questions/post-call-questions";
import { serviceContext } from "../context";
import { conflictResponse, envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import {
  AgentIdParamSchema,
  CreatePostCallQuestionsBodySchema,
  type BatchItemError,
  type PostCallQuestionItem,
  PostCallQuestionSchema,
  PostCallQuestionUpsertResultSchema,
  QuestionIdParamsSchema,
  UpsertPostCallQuestionItemSchema,
  UpsertPostCallQuestionsFrameSchema,
} from "@/lib/schemas/post-call-questions";
import { zodIssuesToDetails } from "@/lib/utils/zod-issue-details";

const tags = ["Post-call questions"];
const base = "/agents/{agent_id}/post-call-questions";
const QuestionEnvelope = envelope(PostCallQuestionSchema, "PostCallQuestionResponse");
const QuestionListEnvelope = envelope(z.array(PostCallQuestionSchema), "PostCallQuestionListResponse");

const RULES =
  "Item rules: name 1 to 200 characters (trimmed), unique among the agent's questions ignoring case; type one of text, boolean, number, " +
  "single_choice, multi_choice; single_choice and multi_choice need at least one option (values 1 to 500 characters, unique ignoring " +
  "case, at most 100), other types take none; description at most 2000 characters; examples at most 20 of at most 500 characters; " +
  "model at most 200 characters, null for your organization's default. Unknown fields are refused.";

const listRoute = createRoute({
  method: "get",
  path: base,
  operationId: "listPostCallQuestions",
  tags,
  summary: "List an agent's post-call questions",
  description: "Every question of the agent, active and inactive, oldest first (a batch in the order it was sent). Options are in order.",
  request: { params: AgentIdParamSchema },
  responses: { 200: jsonContent(QuestionListEnvelope, "The questions"), ...standardErrorResponses },
});

const getRoute = createRoute({
  method: "get",
  path: `${base}/{question_id}`,
  operationId: "getPostCallQuestion",
  tags,
  summary: "Get a post-call question",
  description: "A question of another agent, or of another organization's agent, is 404 like a missing one.",
  request: { params: QuestionIdParamsSchema },
  responses: { 200: jsonContent(QuestionEnvelope, "The question"), ...standardErrorResponses },
});

const createQuestionsRoute = createRoute({
  method: "post",
  path: base,
  operationId: "createPostCallQuestions",
  tags,
  summary: "Create post-call questions",
  description:
    "Creates 1 to 50 questions, all or nothing: any invalid item is 400 with every problem in `error.details` at its full path " +
    "(e.g. `questions[2].options[0].value`) and nothing is stored. Required per item: name and type, and options for " +
    "single_choice and multi_choice. `id` and `option_id` are refused (400 naming them): ids are assigned by the server; " +
    "update existing questions with PATCH. A name that another question of the agent already has is 409 `conflict` naming " +
    `\`questions[i].name\`; the same name twice in the batch is 400. Responds 200 with the created questions in order. ${RULES}`,
  request: { params: AgentIdParamSchema, body: { required: true, content: { "application/json": { schema: CreatePostCallQuestionsBodySchema } } } },
  responses: { 200: jsonContent(QuestionListEnvelope, "The created questions, in the order sent"), ...standardErrorResponses, ...conflictResponse },
});

const upsertRoute = createRoute({
  method: "patch",
  path: base,
  operationId: "upsertPostCallQuestions",
  tags,
  summary: "Create or update post-call questions",
  description:
    "The same body as POST. An item with the `id` of a question of this agent updates it: omitted fields keep their values, " +
    "sent fields replace them (`options`, when sent, is the whole list; see `options`). An item without `id` creates a question " +
    "(name and type required). An `id` that is not a question of this agent is an error of that item, never a create. " +
    "Valid items are applied together in one transaction; each invalid item changes nothing and is reported in `errors` as " +
    "`{index, field, message}`, where `field` is the full path in the body as in a 400's `error.details` (e.g. " +
    "`questions[3].options[0].option_id`), one entry per problem. The response is 200 even when every item is refused. " +
    "A body that is not `{questions: [1 to 50 items]}` is 400 as a whole. Names stay unique per agent (ignoring case): " +
    `questions not renamed by valid items keep theirs, and a later item that takes a taken name is refused. ${RULES}`,
  request: {
    params: AgentIdParamSchema,
    // Documented as POST's body; validated in the handler, item by item, so that invalid items become `errors`.
    body: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/PostCallQuestionBatch" } } } },
  },
  responses: { 200: jsonContent(envelope(PostCallQuestionUpsertResultSchema, "PostCallQuestionUpsertResponse"), "What was created, updated and refused"), ...standardErrorResponses },
});

const deleteRoute = extension(
  createRoute({
    method: "delete",
    path: `${base}/{question_id}`,
    operationId: "deletePostCallQuestion",
    tags,
    summary: "Delete a post-call question",
    description: "Permanent. Answers already given about calls keep their copy of the question. To stop asking a question but keep it, deactivate it.",
    request: { params: QuestionIdParamsSchema },
    responses: { 200: jsonContent(envelope(z.null(), "PostCallQuestionDeletedResponse"), "Deleted; `data` is null"), ...standardErrorResponses },
  }),
);

const activationRoute = (active: boolean) =>
  extension(
    createRoute({
      method: "post",
      path: `${base}/{question_id}/${active ? "activate" : "deactivate"}`,
      operationId: active ? "activatePostCallQuestion" : "deactivatePostCallQuestion",
      tags,
      summary: active ? "Activate a post-call question" : "Deactivate a post-call question",
      description: active
        ? "The question is asked again after calls. Idempotent: an active question is returned unchanged."
        : "The question is kept (with its id, options and answers) but no longer asked after calls. Idempotent: an inactive question is returned unchanged.",
      request: { params: QuestionIdParamsSchema },
      responses: { 200: jsonContent(QuestionEnvelope, "The question"), ...standardErrorResponses },
    }),
  );

function invalid(details: FieldProblem[]): ValidationError {
  const summary = details.length === 1 ? `Invalid ${details[0].field}: ${details[0].message}` : `Invalid request: ${details.length} problems`;
  return new ValidationError(summary, details);
}

/** The PATCH body, read by hand because its route has no zod body schema (see `upsertRoute`). */
async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw ValidationError.field("body", "Malformed JSON in request body");
  }
}

/** Checks each PATCH item on its own: the valid ones go on, the others become `errors` at their full paths. */
function splitItems(items: unknown[]) {
  const valid: { index: number; input: PostCallQuestionItem }[] = [];
  const errors: BatchItemError[] = [];
  items.forEach((item, index) => {
    const parsed = UpsertPostCallQuestionItemSchema.safeParse(item);
    if (parsed.success) {
      valid.push({ index, input: parsed.data });
      return;
    }
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ["questions", index, ...issue.path] }));
    for (const detail of zodIssuesToDetails(issues)) errors.push({ index, ...detail });
  });
  return { valid, errors };
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export function postCallQuestionRoutes() {
  const router = createRouter();

  router.openapi(listRoute, async (c) => {
    const questions = await listPostCallQuestions(serviceContext(c), c.req.valid("param").agent_id);
    return ok(c, questions, { message: "Post-call questions retrieved" });
  });

  router.openapi(getRoute, async (c) => {
    const { agent_id, question_id } = c.req.valid("param");
    const question = await getPostCallQuestion(serviceContext(c), agent_id, question_id);
    return ok(c, question, { message: "Post-call question retrieved" });
  });

  router.openapi(createQuestionsRoute, async (c) => {
    const created = await createPostCallQuestions(serviceContext(c), c.req.valid("param").agent_id, c.req.valid("json").questions);
    return ok(c, created, { message: `${count(created.length, "post-call question")} created` });
  });

  router.openapi(upsertRoute, async (c) => {
    const agentId = c.req.valid("param").agent_id;
    const frame = UpsertPostCallQuestionsFrameSchema.safeParse(await readJson(c));
    if (!frame.success) throw invalid(zodIssuesToDetails(frame.error.issues));
    const { valid, errors } = splitItems(frame.data.questions);
    const result = await upsertPostCallQuestions(serviceContext(c), agentId, valid);
    // Stable sort: each item's problems stay in the order they were found.
    const allErrors = [...errors, ...result.errors].sort((a, b) => a.index - b.index);
    const refused = new Set(allErrors.map((error) => error.index)).size;
    return ok(
      c,
      { ...result, errors: allErrors },
      { message: `Post-call questions saved: ${result.created.length} created, ${result.updated.length} updated, ${count(refused, "item")} refused` },
    );
  });

  router.openapi(deleteRoute, async (c) => {
    const { agent_id, question_id } = c.req.valid("param");
    await deletePostCallQuestion(serviceContext(c), agent_id, question_id);
    return ok(c, null, { message: "Post-call question deleted" });
  });

  for (const active of [true, false]) {
    router.openapi(activationRoute(active), async (c) => {
      const { agent_id, question_id } = c.req.valid("param");
      const question = await setPostCallQuestionActive(serviceContext(c), agent_id, question_id, active);
      return ok(c, question, { message: active ? "Post-call question activated" : "Post-call question deactivated" });
    });
  }

  return router;
}
