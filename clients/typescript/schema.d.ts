// Generated from the OpenAPI document by `npm run client:generate`; do not edit.

export interface paths {
    "/v1/calls/web": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a web call
         * @description **Extension** (not in the interface specification). Starts a `web_call` with the agent's published version (status `in_progress`) and returns a short-lived session token for the browser: it reads the agent's words from `events_url` (server-sent events) and sends the caller's turns to `turns_url`, with no API key. When the agent's LLM provider has no key or endpoint configured, 400 says which environment variables to set.
         *
         *     **Voice** (`mode: voice`, the default when the agent's transcriber and voice providers are configured): connect a WebSocket to `media_url` (`/v1/calls/web/{call_id}/media?session_token=…`; one per call). Binary frames both ways are 16-bit little-endian mono PCM: caller audio in at 16000 Hz, agent audio out at 24000 Hz paced in real time, unless the first text frame is `{"type":"start","input_sample_rate":N,"output_sample_rate":M}` (N, M in 8000, 16000, 24000, 48000). Text frames are JSON: from the client `{"type":"text","text":…}` (a typed turn, answered in audio) and `{"type":"hangup"}`; from the server `started`, `clear` (drop buffered agent audio: the caller barged in), `user_speech_started`, `user_speech_stopped`, `user_transcript` (`text`, `final`), `agent_speech_started` (`text`, `response`: the agent response's number), `agent_speech_interrupted` (`heard_text`), `turn_metrics` (the turn's latency in ms), `media_error` (`stage`: `stt`, `tts`, `conversation` or `recording`; `message`), `error` (a bad client frame, with `details`), and every event of the events stream (with `seq`), ending with `call_ended`; then the socket closes. The greeting, presence checks and max duration run on the media's clock. `turns_url`, `hangup_url` and `events_url` work in both modes. `mode: voice` with a speech provider not configured is 400 naming `transcriber.provider` or `voice.provider` and the variables to set.
         *
         *     **Capacity** (extension): a server process whose event loop or audio pacing runs late (or that holds `LOAD_MAX_LIVE_CALLS` calls) starts no new calls: this request, or the upgrade of `media_url` reaching such a process, is answered 503 `service_unavailable` with `Retry-After` (seconds); retry then (the session token stays valid for the upgrade). The calls it already has are not affected.
         */
        post: operations["startWebCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/web/{call_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream a web call's events
         * @description **Extension** (not in the interface specification). Server-sent events, each with `id` = its sequence number and `event` = its type: agent_message (kind initial, reply, filler, presence_check), user_message, state_changed, tool_called, tool_result, variable_updated, all_variables_resolved, transfer_call, wait, leave_voicemail_message, turn_failed, transfer_failed (extension: `{to, reason}`; on a web call a warm transfer_call has no line to dial, reason `no_phone_line`), call_ended. `call_ended` carries `end_reason` (and `detail`); when the call was ended from outside its conversation it also says why in `reason`: `instance_lost` (the server process holding the call's media stopped; the call ends with end_reason `error` once another instance notices, within INSTANCE_TIMEOUT_SECONDS plus one heartbeat). A call cut by a server's shutdown ends with end_reason `server_shutdown`. Replays from the start, or after `Last-Event-ID` (or `?after=`); closes after call_ended. Any instance can serve it: events are read from the database, and this stream also fires the call's timers (initial message delay, presence checks, max duration).
         */
        get: operations["streamWebCallEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/web/{call_id}/turns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a caller turn
         * @description **Extension** (not in the interface specification). Answers with server-sent events of the reply as it happens: `agent_text_delta` pieces (no id) as the model streams, then the recorded events (with ids, the same as on the events stream) and finally `turn_complete` with the call's status. One turn at a time: 409 while the agent is still answering; 409 when the call has ended.
         */
        post: operations["sendWebCallTurn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/web/{call_id}/hangup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hang up a web call
         * @description **Extension** (not in the interface specification). The caller hangs up: the call ends with end_reason `user_hangup`. An ended call answers the same success.
         */
        post: operations["hangUpWebCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List calls
         * @description Newest first. Cursor mode (default) returns `next_cursor`; page mode (`use_cursor=false`) returns `current_page`, `total_pages` and `total_items`. transcript and variable_values are included only on request. Extensions: the `status`, `end_reason`, `answer_type`, `carrier`, `success`, `sentiment`, `agent_version` and `search` (full-text, over transcripts) filters. In page mode `total_items` is exact up to 10,000 matching calls (and for any number with no filter or only agent and time filters); above that it is the query planner's estimate, so that paging stays fast at millions of calls (see GET /v1/calls/count).
         */
        get: operations["listCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count calls
         * @description **Extension** (not in the interface specification). How many calls match the list's filters (the same parameters as GET /v1/calls). Exact with no filter or only `agent_id` and start times (read from the analytics rollups, fast at any size); with other filters exact up to 10,000 matches, and the query planner's estimate above that (`exact: false`).
         */
        get: operations["countCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/{call_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a call
         * @description The call with its transcript, variable values and post-call answers.
         */
        get: operations["getCall"];
        put?: never;
        post?: never;
        /**
         * Delete a call
         * @description Deletes the call and its answers. Answers 204 with an empty body.
         */
        delete: operations["deleteCall"];
        options?: never;
        head?: never;
        /**
         * Update call metadata
         * @description Changes the call's `metadata` only. By default the body's metadata is merged as a JSON Merge Patch (RFC 7396: nested objects merge, `null` removes a key); with `override: true` it replaces the whole object, nulls kept. Objects may nest at most 32 levels.
         */
        patch: operations["updateCallMetadata"];
        trace?: never;
    };
    "/v1/calls/{call_id}/terminate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Terminate an ongoing phone call
         * @description An ongoing phone call (created, ringing or in progress) becomes `ended` with end_reason `terminated`. A call that has already ended answers the same success. A web call is 400.
         */
        post: operations["terminateCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/calls/phone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a phone call
         * @description Creates the call (status `created`) and hands it to the dialer. Send an `Idempotency-Key` header to make retries safe: a repeated key with the same body returns the first call (with `Idempotent-Replayed: true`) for 24 hours; with a different body it is 409. With no telephony provider configured the call then fails with end_reason `no_telephony_provider`.
         */
        post: operations["startPhoneCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List phone numbers
         * @description Newest first. Page mode (default): `page` and `limit`, with `current_page`, `total_pages` and `total_items`; a page past the end is empty. Cursor mode (`use_cursor=true`): pass `next_cursor` back as `cursor`; it is null on the last page. Each mode ignores the other's parameter.
         */
        get: operations["listPhoneNumbers"];
        put?: never;
        /**
         * Register a phone number
         * @description **Extension** (not in the interface specification). A number can belong to one organization only: one already registered anywhere is 409 `conflict` naming `number`. `redirect` true needs a `redirect_phone_number` different from the number. A `sip` number is reached through your own SIP trunk: `sip_trunk` holds its `termination_uri` (sip: or sips:), `transport` (udp, tcp or tls; default udp) and optional digest credentials. `auth_password` is write-only: responses carry `has_auth_password` instead. `pstn` numbers have `sip_trunk` null.
         */
        post: operations["createPhoneNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/phone-numbers/{phone_number_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a phone number
         * @description **Extension** (not in the interface specification). Another organization's number is 404, like a missing one.
         */
        get: operations["getPhoneNumber"];
        put?: never;
        post?: never;
        /**
         * Delete a phone number
         * @description **Extension** (not in the interface specification). Calls made from or to the number keep their `from_number` and `to_number`.
         */
        delete: operations["deletePhoneNumber"];
        options?: never;
        head?: never;
        /**
         * Update a phone number
         * @description Partial update: omitted fields keep their values, null clears (`redirect` null means false). After the update, `redirect` true needs a `redirect_phone_number` different from the number. `inbound_agent_id` must name an agent of your organization. Extension: `sip_trunk` (sip numbers only) replaces the stored trunk, except that an omitted `auth_password` keeps the stored one and null clears it. A `sip` number is reached through your own SIP trunk: `sip_trunk` holds its `termination_uri` (sip: or sips:), `transport` (udp, tcp or tls; default udp) and optional digest credentials. `auth_password` is write-only: responses carry `has_auth_password` instead. `pstn` numbers have `sip_trunk` null.
         */
        patch: operations["updatePhoneNumber"];
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List agents
         * @description **Extension** (not in the interface specification). Newest first, each at its published version. Paged like phone numbers: page mode by default, cursor mode with use_cursor=true.
         */
        get: operations["listAgents"];
        put?: never;
        /**
         * Create an agent
         * @description Required: name, states (at least one), initial_state_name; everything else has a documented default. A new agent's voice.provider and transcriber.provider follow this server: the first provider it has keys for (voices: openai, deepgram, elevenlabs, cartesia, azure; transcribers: openai, deepgram, azure), else browser. Creates version 1, published. Besides the field rules, the graph is checked and every problem is listed in `error.details` at its path: state names unique; initial_state_name and every destination_state_name name a state; every {{name}} in a state prompt names a tool of that state (a custom_function's name or a built-in tool's type) or a variable; custom_function names unique per state; response_mapping JSONPath expressions valid (RFC 9535); tool and webhook URLs http(s); knowledge_base_ids of your organization.
         */
        post: operations["createAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an agent
         * @description The latest published version, or `?version=n`. An unknown version is 404.
         */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        /**
         * Delete an agent
         * @description Permanent: the agent, its versions and its post-call questions are deleted. Calls keep their agent_id; numbers lose it as inbound agent.
         */
        delete: operations["deleteAgent"];
        options?: never;
        head?: never;
        /**
         * Update an agent
         * @description Partial: omitted fields keep their values; voice, llm and transcriber merge field by field; states replace the whole graph. Every accepted update creates the next version and publishes it. An agent as GET returns it can be sent back unchanged: read-only fields (id, version, variables, created_at, updated_at) are ignored, and interruptions_sensitivity is accepted only at its current value (another is 400 naming it). Besides the field rules, the graph is checked and every problem is listed in `error.details` at its path: state names unique; initial_state_name and every destination_state_name name a state; every {{name}} in a state prompt names a tool of that state (a custom_function's name or a built-in tool's type) or a variable; custom_function names unique per state; response_mapping JSONPath expressions valid (RFC 9535); tool and webhook URLs http(s); knowledge_base_ids of your organization.
         */
        patch: operations["updateAgent"];
        trace?: never;
    };
    "/v1/agents/{agent_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an agent's versions
         * @description **Extension** (not in the interface specification). Newest first; read any one with GET /v1/agents/{agent_id}?version=n.
         */
        get: operations["listAgentVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List knowledge bases
         * @description **Extension** (not in the interface specification). Newest first, each with its sources. Page mode (default): `page` and `limit`, with `current_page`, `total_pages` and `total_items`. Cursor mode (`use_cursor=true`): pass `next_cursor` back as `cursor`.
         */
        get: operations["listKnowledgeBases"];
        put?: never;
        /**
         * Create a knowledge base
         * @description **Extension** (not in the interface specification). An empty knowledge base; add PDFs and texts with POST /knowledge-bases/{knowledge_base_id}/sources.
         */
        post: operations["createKnowledgeBase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a knowledge base
         * @description The knowledge base with its sources; `file_url` links are signed and expire (fetch again for fresh ones).
         */
        get: operations["getKnowledgeBase"];
        put?: never;
        post?: never;
        /**
         * Delete a knowledge base
         * @description **Extension** (not in the interface specification). Deletes the knowledge base with its sources, their indexed text and their stored files.
         */
        delete: operations["deleteKnowledgeBase"];
        options?: never;
        head?: never;
        /**
         * Rename a knowledge base
         * @description **Extension** (not in the interface specification).
         */
        patch: operations["renameKnowledgeBase"];
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add sources
         * @description multipart/form-data with PDF files (`file_sources.<index>.items` parts, or repeated `file_sources` parts) and/or `text_sources` (a JSON string: an array of `{title, content}`). All or nothing: if any part is refused, nothing is stored. A file must be a PDF by its content (it starts with `%PDF-`; names and declared types are ignored), else **415** naming the part. A file over KB_MAX_FILE_BYTES (25 MB by default), a text over 1 MB, or a request over KB_MAX_REQUEST_BYTES (50 MB) is **413**. Malformed `text_sources` JSON, unknown parts, or no source at all is 400. At most 100 sources per request. Files are `processing` until a background job has extracted and indexed their text, then `ready`, or `failed` with `failure_reason` (a PDF without text); texts are indexed at once (`ready`).
         */
        post: operations["addKnowledgeBaseSources"];
        /**
         * Remove sources
         * @description Removes the sources with their indexed text and stored files. If any id is not a source of this knowledge base, the answer is 404 with one `details` entry per unknown id (`source_ids[<index>]`), and nothing is deleted.
         */
        delete: operations["deleteKnowledgeBaseSources"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/knowledge-bases/{knowledge_base_id}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search a knowledge base
         * @description **Extension** (not in the interface specification). Full-text search (Postgres, English stemming) over the ready sources: the best-matching chunks first, with their source. The query takes web-search syntax: words, "quoted phrases", -excluded words, or.
         */
        post: operations["searchKnowledgeBase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/post-call-questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an agent's post-call questions
         * @description Every question of the agent, active and inactive, oldest first (a batch in the order it was sent). Options are in order.
         */
        get: operations["listPostCallQuestions"];
        put?: never;
        /**
         * Create post-call questions
         * @description Creates 1 to 50 questions, all or nothing: any invalid item is 400 with every problem in `error.details` at its full path (e.g. `questions[2].options[0].value`) and nothing is stored. Required per item: name and type, and options for single_choice and multi_choice. `id` and `option_id` are refused (400 naming them): ids are assigned by the server; update existing questions with PATCH. A name that another question of the agent already has is 409 `conflict` naming `questions[i].name`; the same name twice in the batch is 400. Responds 200 with the created questions in order. Item rules: name 1 to 200 characters (trimmed), unique among the agent's questions ignoring case; type one of text, boolean, number, single_choice, multi_choice; single_choice and multi_choice need at least one option (values 1 to 500 characters, unique ignoring case, at most 100), other types take none; description at most 2000 characters; examples at most 20 of at most 500 characters; model at most 200 characters, null for your organization's default. Unknown fields are refused.
         */
        post: operations["createPostCallQuestions"];
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Create or update post-call questions
         * @description The same body as POST. An item with the `id` of a question of this agent updates it: omitted fields keep their values, sent fields replace them (`options`, when sent, is the whole list; see `options`). An item without `id` creates a question (name and type required). An `id` that is not a question of this agent is an error of that item, never a create. Valid items are applied together in one transaction; each invalid item changes nothing and is reported in `errors` as `{index, field, message}`, where `field` is the full path in the body as in a 400's `error.details` (e.g. `questions[3].options[0].option_id`), one entry per problem. The response is 200 even when every item is refused. A body that is not `{questions: [1 to 50 items]}` is 400 as a whole. Names stay unique per agent (ignoring case): questions not renamed by valid items keep theirs, and a later item that takes a taken name is refused. Item rules: name 1 to 200 characters (trimmed), unique among the agent's questions ignoring case; type one of text, boolean, number, single_choice, multi_choice; single_choice and multi_choice need at least one option (values 1 to 500 characters, unique ignoring case, at most 100), other types take none; description at most 2000 characters; examples at most 20 of at most 500 characters; model at most 200 characters, null for your organization's default. Unknown fields are refused.
         */
        patch: operations["upsertPostCallQuestions"];
        trace?: never;
    };
    "/v1/agents/{agent_id}/post-call-questions/{question_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a post-call question
         * @description A question of another agent, or of another organization's agent, is 404 like a missing one.
         */
        get: operations["getPostCallQuestion"];
        put?: never;
        post?: never;
        /**
         * Delete a post-call question
         * @description **Extension** (not in the interface specification). Permanent. Answers already given about calls keep their copy of the question. To stop asking a question but keep it, deactivate it.
         */
        delete: operations["deletePostCallQuestion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/post-call-questions/{question_id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Activate a post-call question
         * @description **Extension** (not in the interface specification). The question is asked again after calls. Idempotent: an active question is returned unchanged.
         */
        post: operations["activatePostCallQuestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/post-call-questions/{question_id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a post-call question
         * @description **Extension** (not in the interface specification). The question is kept (with its id, options and answers) but no longer asked after calls. Idempotent: an inactive question is returned unchanged.
         */
        post: operations["deactivatePostCallQuestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook deliveries
         * @description **Extension** (not in the interface specification). The delivery log, newest first, in cursor pages (pass `next_cursor` back as `cursor`), optionally filtered by status, event, call or agent. Items omit `payload`; get one delivery for it. Agents send the events named in `webhook_subscriptions` to their `webhook_url` as a POST with a JSON body `{type, timestamp, data}` and the Standard Webhooks headers `webhook-id` (the delivery id, the same on every retry: deduplicate on it), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with your organization's `whsec_` secret; two space-separated signatures while a secret rotates). Verify with any Standard Webhooks library. Only a 2xx answered within 15 s counts; redirects are not followed. Failed attempts are retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±10% jitter; a `Retry-After` header on the response sets the delay instead), then the delivery is `failed`. Delivery is at least once and unordered. Webhook URLs must resolve to public addresses. `event_variable_value_updated` data: `{call_id, agent_id, variable: {name, type, value, timestamp}, previous_value, variable_values}` (all values the call holds after the change). `event_all_variables_resolved` data: `{call_id, agent_id, variable_values}`, sent once per call when every variable of the agent has a value.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries/{webhook_delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook delivery
         * @description **Extension** (not in the interface specification). One delivery with its attempts and the body sent.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries/{webhook_delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook delivery again
         * @description **Extension** (not in the interface specification). Queues the next attempt now, whatever the delivery's status (same `webhook-id`, a fresh timestamp and signature). If it fails, remaining scheduled retries follow; past the schedule the delivery is `failed` again. 409 while an attempt is being sent.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the webhook signing secret
         * @description **Extension** (not in the interface specification). The `whsec_` secret that signs your organization's webhooks.
         */
        get: operations["getWebhookSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the webhook signing secret
         * @description **Extension** (not in the interface specification). Makes a new secret. The old one keeps signing too (a second signature in `webhook-signature`) for `previous_secret_valid_seconds` (24 h by default), so receivers can switch without dropping events. The body is optional.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the price table
         * @description **Extension** (not in the interface specification). Your organization's prices, each its own setting or the installation default. A finished call's `cost` (USD) is the sum of its `cost_breakdown`: `telephony` (phone calls: connected seconds / 60 × telephony_per_minute), `speech_to_text` (transcribed seconds / 60 × speech_to_text_per_minute), `text_to_speech` (characters spoken / 1,000,000 × text_to_speech_per_million_characters) and `llm` (tokens / 1,000,000 × the input and output prices), each rounded to 6 decimals. It is computed with the table in force when the call finished.
         */
        get: operations["getPricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the price table
         * @description **Extension** (not in the interface specification). Partial: a number sets a price (USD, at least 0), null returns it to the default, an omitted field keeps its value. Calls already priced keep their cost.
         */
        patch: operations["updatePricing"];
        trace?: never;
    };
    "/v1/llm-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a language-model provider's models
         * @description **Extension** (not in the interface specification). The models this server's configured provider offers for an agent's `llm.model`, read from the provider's GET /models (OpenAI, and OpenAI-compatible servers such as Ollama, vLLM or llama.cpp). Azure OpenAI has no list: its model is a deployment name.
         */
        get: operations["listLlmModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a voice provider's voices
         * @description **Extension** (not in the interface specification). The voices for an agent's `voice.name` (each voice's `id`): ElevenLabs (GET /v1/voices), Cartesia (GET /voices) and Deepgram (its Aura models) are asked for their own list; OpenAI, Azure, openai_compatible and openai_realtime (speech-to-speech) have this server's known list. `configured` and `missing` say whether this server can speak with the provider.
         */
        get: operations["listVoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/voices/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hear a voice
         * @description **Extension** (not in the interface specification). Says a sentence (default a short greeting, at most 300 characters) through the provider and voice, and answers the audio as a 24 kHz mono WAV. 400 names what the server lacks for the provider, or what the provider refused (an unknown voice).
         */
        post: operations["previewVoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/speech-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which speech providers this server can use
         * @description **Extension** (not in the interface specification). Each voice and transcriber provider (and openai_realtime, speech-to-speech) with whether this server has what it needs and, if not, the environment variables to set; and the providers a new agent gets by default (the first this server has keys for).
         */
        get: operations["listSpeechProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call totals
         * @description **Extension** (not in the interface specification). Number of calls, total and average cost, total and average duration. Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getAnalyticsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/calls-per-day": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Calls and cost per day
         * @description **Extension** (not in the interface specification). One entry per calendar day of the range in `timezone`, zeros included. Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getCallsPerDay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/duration-histogram": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Duration histogram
         * @description **Extension** (not in the interface specification). Calls per duration bucket (< 30 s, 30–60 s, 1–2, 2–5, 5–10, 10–20, 20–30 min, ≥ 30 min). Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getDurationHistogram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cost per agent
         * @description **Extension** (not in the interface specification). Calls, cost and duration per agent, highest cost first. Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getCostPerAgent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/post-call-answers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Post-call answer breakdown
         * @description **Extension** (not in the interface specification). Per question: answered and unanswered counts, yes/no rates for boolean questions, counts per option for choice questions, count and average for number questions. Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getPostCallAnswerBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage
         * @description **Extension** (not in the interface specification). Calls, connected minutes and cost per day and per agent, with the peak number of concurrent calls per day and over the range (from the calls' start and end times; a call still going counts until now). Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Dashboard
         * @description **Extension** (not in the interface specification). The five analytics above in one response, for one range (what the studio's dashboard shows), with `quality`: the range's quality figures and each day's (as /v1/analytics/quality's `totals` and `days`). Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/quality": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call quality per day and per agent version
         * @description **Extension** (not in the interface specification). Calls analysed, success rate, average score, sentiment shares, average cost and duration, turn latency p50/p90, interruptions per call, transfer and voicemail rates: for the whole range, per day (zeros included) and per agent version. Success rate: successes over calls judged success or failure (`analysis.success.verdict`; unknown left out). Sentiment shares over analysed calls. Average cost over calls that cost something, average duration over answered calls. Turn latency: the caller turns' first-audio latency (`turn_latency[].first_audio_ms`), p50 and p90 by nearest rank from a histogram of fixed buckets, reported as the bucket's lower bound (resolution 50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s). Interruptions per call, transfer and voicemail rates over connected (answered) calls. Exact from rollups kept per agent version and 15 minutes by database triggers. Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["getQualityAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare agent versions side by side
         * @description **Extension** (not in the interface specification). The quality figures of two or more versions of one agent (`agent_id`, `versions=6,7`) for the range, each with how many calls it has, and for every pair whether the difference in success rate is larger than chance: a two-proportion z-test (pooled), significant below p = 0.05; with fewer than 30 calls judged success or failure in either version the answer is `not_enough_calls`. Success rate: successes over calls judged success or failure (`analysis.success.verdict`; unknown left out). Sentiment shares over analysed calls. Average cost over calls that cost something, average duration over answered calls. Turn latency: the caller turns' first-audio latency (`turn_latency[].first_audio_ms`), p50 and p90 by nearest rank from a histogram of fixed buckets, reported as the bucket's lower bound (resolution 50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s). Interruptions per call, transfer and voicemail rates over connected (answered) calls. Exact from rollups kept per agent version and 15 minutes by database triggers. Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time (kept in rollups updated in the same transaction as the calls).
         */
        get: operations["compareAgentVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/telephony/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List telephony providers
         * @description **Extension** (not in the interface specification). Both carriers, configured or not, with the webhook URLs to paste and why calls cannot be placed, if they cannot. A carrier account (Twilio or Telnyx) per organization; without one, the deployment's environment account is used (TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN; TELNYX_API_KEY + TELNYX_PUBLIC_KEY + TELNYX_CONNECTION_ID). Carriers reach this deployment at PUBLIC_BASE_URL: Twilio at /telephony/twilio/voice (inbound calls), /telephony/twilio/status, /telephony/twilio/amd, /telephony/twilio/transfer and wss /telephony/twilio/media; Telnyx at /telephony/telnyx/events and wss /telephony/telnyx/media.
         */
        get: operations["listTelephonyProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/telephony/providers/{carrier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a telephony provider
         * @description **Extension** (not in the interface specification). The carrier's account as seen by your organization. Secrets are never returned.
         */
        get: operations["getTelephonyProvider"];
        /**
         * Connect a carrier account
         * @description **Extension** (not in the interface specification). Stores (or replaces) your organization's account at the carrier, its secrets encrypted at rest. With `verify` (default true) the credentials are checked with the carrier first: refused ones are 400 naming the field and nothing is stored.
         */
        put: operations["connectTelephonyProvider"];
        post?: never;
        /**
         * Disconnect a carrier account
         * @description **Extension** (not in the interface specification). Forgets your organization's account at the carrier (the environment's account, if any, serves it again). 404 when none is stored.
         */
        delete: operations["disconnectTelephonyProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/telephony/providers/{carrier}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test the carrier credentials
         * @description **Extension** (not in the interface specification). Asks the carrier whether the credentials in use work (a refusal is `ok: false` with the carrier's reason, not an error). The result is kept on a stored account.
         */
        post: operations["testTelephonyProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/telephony/providers/{carrier}/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the carrier account's numbers
         * @description **Extension** (not in the interface specification). Every number on the carrier account, whether its calls reach this deployment (and why not), and its phone number record here if any.
         */
        get: operations["listCarrierNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/telephony/providers/{carrier}/numbers/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import numbers from the carrier account
         * @description **Extension** (not in the interface specification). Points each number's voice calls at this deployment (Twilio: the number's voice URL and status callback; Telnyx: the number's connection and the Call Control application's webhook) and records it as a `pstn` phone number with this `carrier` and its state. Numbers already registered keep their agent and redirect. Needs PUBLIC_BASE_URL.
         */
        post: operations["importCarrierNumbers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/reanalyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-run the analysis and post-call answers of an agent's calls
         * @description **Extension** (not in the interface specification). Queues the agent's finished calls (ended or failed) that started in the range, by `start_time`, to be analysed and/or have their post-call questions answered again, with the agent's current success rubric and active questions. Each call's analysis and answers are replaced only when its re-run succeeds; what they replace is kept in the call's `analysis_history` (the last 5). Range rules as in the analytics: dates or date-times, `timezone`, default the last 30 days, at most 366 days; at most REANALYZE_MAX_CALLS calls (10,000 by default, else 400 naming `from`). Answers 202 with the job's id and how many calls it covers; follow it with `GET /v1/analysis-jobs/{job_id}`. In the studio, for members, admins and owners.
         */
        post: operations["reanalyzeAgentCalls"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analysis-jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a re-run's progress
         * @description **Extension** (not in the interface specification). Status, how many calls are done, succeeded and failed (with the latest reasons), and when it started and finished.
         */
        get: operations["getAnalysisJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an agent's tests
         * @description **Extension** (not in the interface specification). Newest first, in cursor pages (pass `next_cursor` back as `cursor`); `tag` keeps the tests with that tag. Each has its `last_result`.
         */
        get: operations["listAgentTests"];
        put?: never;
        /**
         * Create an agent test
         * @description **Extension** (not in the interface specification). A test is a scripted caller (`turns`, each with `expect`ations checked on the agent's answer, and `expect_end` checked at the end) or a simulated one (an LLM playing `persona` towards `goal`, each of `success_criteria` judged by an LLM). Expectations: `agent_says` (match contains, exact, regex, or judge), `tool_called` (arguments matched as a subset), `tool_not_called`, `state` (after the turn), `variable` (its recorded value), `ended` (optionally with end_reason). `tool_mocks` answer custom functions without a request. Validated against the agent's published version: tool, state and variable names it does not have, a regex that does not compile, judge expectations and simulated tests when no LLM can be reached (the message names the environment variables: the provider's, TEST_SIMULATOR_MODEL, TEST_JUDGE_MODEL), and voice tests without the agent's transcriber and voice configured are 400 naming the path. A name used by another test of the agent is 409.
         */
        post: operations["createAgentTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{agent_id}/tests/{test_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an agent test
         * @description **Extension** (not in the interface specification).
         */
        get: operations["getAgentTest"];
        put?: never;
        post?: never;
        /**
         * Delete an agent test
         * @description **Extension** (not in the interface specification). Runs that had the test keep its results.
         */
        delete: operations["deleteAgentTest"];
        options?: never;
        head?: never;
        /**
         * Update an agent test
         * @description **Extension** (not in the interface specification). Partial: omitted fields keep their values; lists are replaced whole; `expect_end: null` removes it. Changing `type` drops the old type's fields and needs the new type's. The whole test is validated again, as on creation.
         */
        patch: operations["updateAgentTest"];
        trace?: never;
    };
    "/v1/agents/{agent_id}/test-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an agent's test runs
         * @description **Extension** (not in the interface specification). Newest first, in cursor pages, without their results (get a run for them); `version` keeps the runs of one agent version.
         */
        get: operations["listTestRuns"];
        put?: never;
        /**
         * Run an agent's tests
         * @description **Extension** (not in the interface specification). Queues a run (status `queued`) of the tests in `test_ids` and those with any of `tags` (every test of the agent when neither is given) against `version` (default the published one), each `repeat` times, `concurrency` conversations at once. 400 when a test does not suit that version or a model it needs cannot be reached (the message names the environment variables). A run executes as a background job on any instance (a run whose instance dies is taken over by another, or ends `error`, within 2 minutes). Tests talk to the agent's own LLM provider; simulated callers and judges use TEST_SIMULATOR_MODEL / TEST_JUDGE_MODEL (default the agent's model) through the same provider, answering structured output at temperature 0. Test conversations are not calls: they never appear in /v1/calls, analytics or costs and send no webhooks, but tools that are not mocked do make their requests (with the same outbound rules as calls).
         */
        post: operations["createTestRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a test run
         * @description **Extension** (not in the interface specification). Its status, summary, per-test pass rates and every finished result (assertions with expected and actual, transcript, states, tool calls, variables). Poll it for progress.
         */
        get: operations["getTestRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test-runs/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a test run
         * @description **Extension** (not in the interface specification). A queued or running run is `cancelled` at once; conversations in flight stop before their next turn and are not stored. A cancelled run answers the same; a finished one is 409.
         */
        post: operations["cancelTestRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description **Extension** (not in the interface specification). Newest first, in cursor pages (pass `next_cursor` back as `cursor`), optionally by status; each with its live progress.
         */
        get: operations["listCampaigns"];
        put?: never;
        /**
         * Create a campaign
         * @description **Extension** (not in the interface specification). A campaign calls a list of contacts with an agent: each attempt is a normal outbound phone call (`campaign_id` on the call), placed inside the contact's calling windows (its own time zone), never faster than `pacing.calls_per_second` in any second, never more than `pacing.max_concurrent_calls` at once nor past the organization's concurrency, and never to a number on the do-not-call list. Created as `draft`: add contacts, then start it.
         */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a campaign
         * @description **Extension** (not in the interface specification). The campaign with its status and live `progress` (contacts by status, calls placed).
         */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        /**
         * Delete a campaign
         * @description **Extension** (not in the interface specification). Deletes the campaign and its contacts; its calls are kept (still carrying `campaign_id`). Only while draft, paused, completed or cancelled (409 otherwise).
         */
        delete: operations["deleteCampaign"];
        options?: never;
        head?: never;
        /**
         * Update a campaign
         * @description **Extension** (not in the interface specification). Partial. Only while draft, paused, completed or cancelled (409 otherwise: pause it first).
         */
        patch: operations["updateCampaign"];
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a campaign
         * @description **Extension** (not in the interface specification). draft → `running` (or `scheduled` until `schedule.start_at`). 400 when it has no contacts; 409 when it is not a draft.
         */
        post: operations["startCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a campaign
         * @description **Extension** (not in the interface specification). No new call is placed once this answers (on every instance); calls in progress finish. 409 unless scheduled or running.
         */
        post: operations["pauseCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a campaign
         * @description **Extension** (not in the interface specification). paused → running (or scheduled): dialling resumes within a second. 409 unless paused.
         */
        post: operations["resumeCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a campaign
         * @description **Extension** (not in the interface specification). Contacts not yet called (or waiting for a retry) become `cancelled`; calls in progress finish. 409 once completed or cancelled.
         */
        post: operations["cancelCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/campaigns/{campaign_id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a campaign's contacts
         * @description **Extension** (not in the interface specification). In import order, in cursor pages (pass `next_cursor` back as `cursor`); filters `status` and `outcome`. `last_call_id` is the call behind the outcome.
         */
        get: operations["listCampaignContacts"];
        put?: never;
        /**
         * Add contacts to a campaign
         * @description **Extension** (not in the interface specification). JSON `{contacts: [{phone_number, dynamic_variables_values?, metadata?, timezone?}]}` (at most 10,000 a request, 20 MB), or multipart/form-data with a CSV `file` (at most 100,000 rows, 50 MB). Every row is checked on its own: bad rows are listed in `rejected` with their row and field, the others are added. Numbers are normalised to E.164 with libphonenumber (international form, or national with `default_country`); a number the campaign already has (or an earlier row) is dropped and counted in `duplicates`; a number on the do-not-call list is added as `skipped_dnc` and never called. A contact without `timezone` takes its number's (country and area code) when the number tells. Not for a completed or cancelled campaign (409).
         */
        post: operations["addCampaignContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/do-not-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the do-not-call list
         * @description **Extension** (not in the interface specification). Numbers your organization never calls, newest first, in cursor pages (pass `next_cursor` back as `cursor`). An erased person's entry (`erased: true`) shows no number: it keeps only a keyed hash, which still refuses calls to the number.
         */
        get: operations["listDoNotCall"];
        put?: never;
        /**
         * Add numbers to the do-not-call list
         * @description **Extension** (not in the interface specification). Every outbound call to a listed number is then refused before dialling (400 `do_not_call` naming the number): API, campaigns, studio. Campaign contacts with these numbers that were not called yet become `skipped_dnc`. A number that is not one is 400 naming it (`phone_numbers[2]`). A number an erasure already keeps (hashed) counts as `already_listed` and is not stored again in the clear. The audit log names the numbers by their keyed hashes only.
         */
        post: operations["addDoNotCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/do-not-call/{phone_number}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a number from the do-not-call list
         * @description **Extension** (not in the interface specification). The number may be called again (contacts already skipped stay skipped). Named by the number, or (extension) by the entry's id, the only way to name an erased person's entry without their number. 404 when it is not listed.
         */
        delete: operations["removeDoNotCall"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/concurrency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization's concurrency
         * @description **Extension** (not in the interface specification). Phone calls in progress at once (ringing included), counted live from the calls themselves: a slot frees the moment a call ends, fails to connect, or its instance dies. An outbound call beyond `limit − inbound_reserved` is 429 `concurrency_limit_exceeded` with `Retry-After` (campaigns wait for a slot instead); an inbound call beyond `limit` is refused busy at the carrier (Twilio `<Reject reason="busy"/>`, Telnyx reject with USER_BUSY, SIP 486) and nothing is recorded. Defaults: limit 20, inbound_reserved 0.
         */
        get: operations["getConcurrency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the organization's concurrency
         * @description **Extension** (not in the interface specification). limit 1–10000, inbound_reserved 0–limit. Calls in progress are never cut: a lower limit applies to new calls. Phone calls in progress at once (ringing included), counted live from the calls themselves: a slot frees the moment a call ends, fails to connect, or its instance dies. An outbound call beyond `limit − inbound_reserved` is 429 `concurrency_limit_exceeded` with `Retry-After` (campaigns wait for a slot instead); an inbound call beyond `limit` is refused busy at the carrier (Twilio `<Reject reason="busy"/>`, Telnyx reject with USER_BUSY, SIP 486) and nothing is recorded. Defaults: limit 20, inbound_reserved 0.
         */
        patch: operations["updateConcurrency"];
        trace?: never;
    };
    "/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit log entries
         * @description **Extension** (not in the interface specification). Who changed what in your organization, newest first, in cursor pages (pass `next_cursor` back as `cursor`). Every change through the API, the studio and the admin CLI is recorded in the transaction that makes it, with sign-ins, failed sign-ins and accepted invitations. Filters: `actor_id`, `action` (one action, or a resource type's actions), `resource_type`, `resource_id`, `from` (inclusive) and `to` (exclusive). For API keys made by an owner or admin (or by the admin CLI); in the studio, for owners and admins. Others get 403 `permission_error`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-log/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the audit log's hash chain
         * @description **Extension** (not in the interface specification). Walks the chain oldest first: each entry's `hash` must be SHA-256 of the previous entry's hash followed by its own canonical JSON, and the last must be the chain's recorded end. An entry changed in the database, or removed, breaks it: `first_broken_id` names the first entry that no longer verifies (for a removed last entry, the last one kept). After the retention job removed old entries, the chain is checked from the first entry kept, as its `audit_log.trimmed` anchor entry records. For API keys made by an owner or admin (or by the admin CLI); in the studio, for owners and admins. Others get 403 `permission_error`.
         */
        get: operations["verifyAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-log/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the audit log's retention
         * @description **Extension** (not in the interface specification). How long entries are kept. For API keys made by an owner or admin (or by the admin CLI); in the studio, for owners and admins. Others get 403 `permission_error`.
         */
        get: operations["getAuditLogSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the audit log's retention
         * @description **Extension** (not in the interface specification). `audit_retention_days` from 30 to 3650 (default 365). The daily retention job removes older entries and records an `audit_log.trimmed` anchor entry saying what was cut. For API keys made by an owner or admin (or by the admin CLI); in the studio, for owners and admins. Others get 403 `permission_error`. In the studio, owners only.
         */
        patch: operations["updateAuditLogSettings"];
        trace?: never;
    };
    "/v1/data-erasure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a person's calls by phone number
         * @description **Extension** (not in the interface specification). A data-subject erasure: deletes every call with `phone_number` on either side (from or to), with its transcript, variable values, post-call answers, events, webhook deliveries and recording, and every campaign contact with the number (its variables and metadata with it), so nothing is found by the number afterwards (search, contacts and their exports included). By default the number stays on the do-not-call list as a keyed hash only (`do_not_call: "suppress"`, extension): the person is never called again, yet the list shows no number. The audit log keeps one `data.erased` entry with the number hashed (HMAC-SHA256 with the installation's secret). For API keys made by an owner or admin (or by the admin CLI); in the studio, for owners.
         */
        post: operations["eraseDataByPhoneNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    event_variable_value_updated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A variable value was updated during a call.
         * @description Agents send the events named in `webhook_subscriptions` to their `webhook_url` as a POST with a JSON body `{type, timestamp, data}` and the Standard Webhooks headers `webhook-id` (the delivery id, the same on every retry: deduplicate on it), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with your organization's `whsec_` secret; two space-separated signatures while a secret rotates). Verify with any Standard Webhooks library. Only a 2xx answered within 15 s counts; redirects are not followed. Failed attempts are retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±10% jitter; a `Retry-After` header on the response sets the delay instead), then the delivery is `failed`. Delivery is at least once and unordered. Webhook URLs must resolve to public addresses. `event_variable_value_updated` data: `{call_id, agent_id, variable: {name, type, value, timestamp}, previous_value, variable_values}` (all values the call holds after the change). `event_all_variables_resolved` data: `{call_id, agent_id, variable_values}`, sent once per call when every variable of the agent has a value.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery id, the same on every retry: deduplicate on it. */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was sent; reject old ones. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">` keyed with the base64 part of your `whsec_` secret; two, space-separated, while a secret rotates. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["VariableValueUpdatedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx within 15 s acknowledges the event; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    event_all_variables_resolved: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * All variables of the agent have values (once per call).
         * @description Agents send the events named in `webhook_subscriptions` to their `webhook_url` as a POST with a JSON body `{type, timestamp, data}` and the Standard Webhooks headers `webhook-id` (the delivery id, the same on every retry: deduplicate on it), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with your organization's `whsec_` secret; two space-separated signatures while a secret rotates). Verify with any Standard Webhooks library. Only a 2xx answered within 15 s counts; redirects are not followed. Failed attempts are retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (±10% jitter; a `Retry-After` header on the response sets the delay instead), then the delivery is `failed`. Delivery is at least once and unordered. Webhook URLs must resolve to public addresses. `event_variable_value_updated` data: `{call_id, agent_id, variable: {name, type, value, timestamp}, previous_value, variable_values}` (all values the call holds after the change). `event_all_variables_resolved` data: `{call_id, agent_id, variable_values}`, sent once per call when every variable of the agent has a value.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description The delivery id, the same on every retry: deduplicate on it. */
                    "webhook-id": string;
                    /** @description Unix seconds when this attempt was sent; reject old ones. */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">` keyed with the base64 part of your `whsec_` secret; two, space-separated, while a secret rotates. */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AllVariablesResolvedEvent"];
                };
            };
            responses: {
                /** @description Any 2xx within 15 s acknowledges the event; anything else is retried. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        VariableValueUpdatedEvent: {
            /** @enum {string} */
            type: "event_variable_value_updated";
            /**
             * Format: date-time
             * @description When the value changed.
             * @example 2026-01-31T12:00:00.000Z
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                call_id: string;
                /** Format: uuid */
                agent_id: string;
                variable: components["schemas"]["WebhookVariableValue"];
                /** @description Its value before; null when it had none. */
                previous_value?: unknown;
                /** @description Every value the call holds after the change. */
                variable_values: components["schemas"]["WebhookVariableValue"][];
            };
        };
        /** @description The value that changed. */
        WebhookVariableValue: {
            /** @example party_size */
            name: string;
            /** @example number */
            type: string;
            /** @example 4 */
            value?: unknown;
            /**
             * Format: date-time
             * @description When the value was set.
             * @example 2026-01-31T12:00:00.000Z
             */
            timestamp: string;
        };
        AllVariablesResolvedEvent: {
            /** @enum {string} */
            type: "event_all_variables_resolved";
            /**
             * Format: date-time
             * @description When the last missing value was set.
             * @example 2026-01-31T12:00:00.000Z
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                call_id: string;
                /** Format: uuid */
                agent_id: string;
                variable_values: components["schemas"]["WebhookVariableValue"][];
            };
        };
        StartWebCallResponse: {
            data: components["schemas"]["WebCallSession"];
            message: string;
            error: null;
            status: number;
        };
        WebCallSession: {
            /** Format: uuid */
            call_id: string;
            /**
             * @description Authenticates the browser on this call's events, turns and hangup (Authorization: Bearer, or ?session_token= for EventSource). Valid until expires_at.
             * @example wcs_3qQ2…
             */
            session_token: string;
            /** Format: date-time */
            expires_at: string;
            /** @description GET: server-sent events of the call, from the start (Last-Event-ID resumes). */
            events_url: string;
            /** @description POST {text}: one caller turn; answers with server-sent events of the reply. */
            turns_url: string;
            /** @description POST: the caller hangs up. */
            hangup_url: string;
            /**
             * @description Whether the call carries audio (voice) or only text turns.
             * @enum {string}
             */
            mode: "voice" | "text";
            /**
             * @description Voice calls: the WebSocket (ws:// or wss://, the session token in ?session_token=) that carries the call's audio and live events; null for text calls.
             * @example wss://voice.example.com/v1/calls/web/6f1c…/media?session_token=wcs_3qQ2…
             */
            media_url: string | null;
            call: components["schemas"]["Call"];
        };
        Call: {
            /** Format: uuid */
            id: string;
            /**
             * @description created → ringing → in_progress → ended, or failed. `end_reason` says why a call ended or failed.
             * @enum {string}
             */
            status: "created" | "ringing" | "in_progress" | "ended" | "failed";
            /** @example +14155550100 */
            from_number: string | null;
            /** @example +14155550123 */
            to_number: string | null;
            /** @enum {string} */
            direction: "inbound" | "outbound";
            /** Format: uuid */
            organization_id: string;
            /** @enum {string} */
            type: "phone_call" | "web_call";
            /** Format: uuid */
            agent_id: string;
            /** @description Extension: the agent version that handled the call. */
            agent_version: number | null;
            metadata: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description When the call was accepted; the cursor key.
             */
            start_time: string;
            /**
             * Format: date-time
             * @description Null until the call ends.
             */
            end_time: string | null;
            /** @description From answer to end. */
            duration_seconds: number | null;
            redirect_duration_seconds: number | null;
            /** @description USD */
            cost: number | null;
            /** @description Extension: cost parts in USD. */
            cost_breakdown: {
                [key: string]: number;
            } | null;
            /**
             * @description Extension: why the call ended or failed. `error` includes a live call whose server process died (ended by another instance within INSTANCE_TIMEOUT_SECONDS plus one heartbeat); `server_shutdown`: the server holding the call was shutting down and its drain time ran out.
             * @enum {string|null}
             */
            end_reason: "completed" | "agent_hangup" | "user_hangup" | "max_duration" | "terminated" | "no_answer" | "busy" | "no_telephony_provider" | "error" | "failed" | "transferred" | "server_shutdown" | null;
            /** @enum {string|null} */
            answer_type: "human" | "voicemail" | "unknown" | null;
            /** @description Time-limited link to the recording, or null. */
            recording_url: string | null;
            secure_recording_url: boolean;
            /** @description Extension: the values the call was started with. */
            dynamic_variables_values: {
                [key: string]: unknown;
            } | null;
            /** @description Extension: the SIP headers the call was started with. */
            custom_headers: {
                [key: string]: string;
            } | null;
            /**
             * @description Extension: the carrier that carried a phone call (`twilio`, `telnyx`), null otherwise.
             * @enum {string|null}
             */
            carrier: "twilio" | "telnyx" | null;
            /** @description Extension: the carrier's id of the call (Twilio CallSid, Telnyx call_control_id). */
            carrier_call_id: string | null;
            /** @description Extension: where a transfer_call (or a number's redirect) sent the caller, and how it went. */
            transfer: {
                /** @example +14155550199 */
                to: string;
                /** @enum {string} */
                status: "dialing" | "answered" | "completed" | "busy" | "no_answer" | "declined" | "failed";
                duration_seconds: number | null;
                /**
                 * @description Extension: `warm` when the agent called the destination first and spoke to it before joining the caller (absent: cold). A warm transfer that failed (busy, no_answer, declined: the destination hung up before the caller was joined, failed) left the caller with the agent.
                 * @enum {string}
                 */
                mode?: "cold" | "warm";
            } | null;
            started_by: components["schemas"]["CallStarter"];
            analysis: components["schemas"]["CallAnalysis"];
            /**
             * @description Extension: why the call is not analysed: `not_answered_by_human` (never answered, or a voicemail answered) or `too_few_caller_turns` (the caller spoke fewer than 2 turns). null otherwise.
             * @enum {string|null}
             */
            analysis_skipped: "not_answered_by_human" | "too_few_caller_turns" | null;
            /**
             * Format: uuid
             * @description Extension: the campaign that placed this call, null otherwise.
             */
            campaign_id: string | null;
            /** @description Extension: the kinds of PII the agent's `data_storage: redact_pii` found and replaced (`credit_card`, `ssn`, `email`, `phone_number`, `date_of_birth`, `iban`, `address`, `person_name`); empty otherwise. */
            redacted_categories: ("credit_card" | "ssn" | "email" | "phone_number" | "date_of_birth" | "iban" | "address" | "person_name")[];
            /** @description Lists: only with include_transcript=true. */
            transcript_string?: string;
            /** @description Lists: only with include_transcript=true. */
            transcript?: components["schemas"]["TranscriptEntry"][];
            /** @description Lists: only with include_variable_values=true. */
            variable_values?: components["schemas"]["VariableValue"][];
            /** @description Only in single-call responses. */
            post_call_answers?: components["schemas"]["PostCallAnswer"][];
            /** @description Extension, only in single-call responses: voice calls' latency per caller turn, stored when the call ends; null for text calls. */
            turn_latency?: components["schemas"]["TurnLatency"][] | null;
            /** @description Extension, only in single-call responses: what re-runs replaced, newest first, the last 5. */
            analysis_history?: components["schemas"]["AnalysisHistoryEntry"][];
        };
        /** @description Extension: who started the call through the API (web calls and outbound phone calls): a studio member, or an API key. Null for inbound calls (the caller started them), for a campaign's calls (see `campaign_id`) and for calls recorded before it was kept. */
        CallStarter: {
            /**
             * @description studio: a member started it in the studio (an agent's Talk tab, or a test phone call); api: a request with one of the organization's API keys.
             * @enum {string}
             */
            source: "studio" | "api";
            /** @description studio: the member who started it, as they were named then. */
            user: {
                /** Format: uuid */
                id: string;
                name: string | null;
                email: string;
            } | null;
            /** @description api: the key the request carried (its name and visible prefix, never the key). */
            api_key: {
                /** Format: uuid */
                id: string;
                name: string;
                prefix: string;
            } | null;
        } | null;
        /** @description Extension: summary, sentiment and success of the finished call; null until it is analysed, or when it is not (see `analysis_skipped`). */
        CallAnalysis: {
            /** @description What happened, in at most 3 sentences. */
            summary: string;
            /**
             * @description How the caller felt.
             * @enum {string}
             */
            sentiment: "positive" | "neutral" | "negative";
            success: components["schemas"]["CallSuccess"];
            /** @description A checklist rubric's criteria, each met or not, in the rubric's order; null for other rubrics. */
            criteria: components["schemas"]["CallChecklistItem"][] | null;
            /** Format: date-time */
            analyzed_at: string;
            /**
             * @description The model that analysed the call.
             * @example gpt-4o-mini
             */
            model: string;
        } | null;
        CallSuccess: {
            /**
             * @description success or failure against the agent's `success_rubric`; unknown without a rubric, or when the transcript cannot tell.
             * @enum {string}
             */
            verdict: "success" | "failure" | "unknown";
            /** @description 0 to 10: the rubric's score (type `score`), or the share of criteria met times 10 (type `checklist`, 2 decimals); null for `pass_fail` and without a rubric. */
            score: number | null;
            /** @description Why, in a sentence or two. */
            reason: string;
        };
        CallChecklistItem: {
            criterion: string;
            met: boolean;
        };
        TranscriptEntry: {
            /**
             * @description `agent` or `user`
             * @example user
             * @enum {string}
             */
            role: "agent" | "user";
            /** Format: date-time */
            start_time: string;
            content: string;
            /**
             * @description Extension (voice calls): the caller cut the agent off; `content` is only what they heard.
             * @enum {boolean}
             */
            interrupted?: true;
        };
        VariableValue: {
            name: string;
            /** @example string */
            type: string;
            value?: unknown;
            /** Format: date-time */
            timestamp: string;
        };
        PostCallAnswer: {
            /** Format: uuid */
            id: string;
            question: {
                /** Format: uuid */
                id: string;
                name: string;
                description: string;
                /** @description text, boolean, number, single_choice or multi_choice */
                question_type: string;
                is_optional: boolean;
                /** @example system */
                question_origin: string;
            };
            has_answer: boolean;
            answer_text: string | null;
            answer_number: number | null;
            answer_boolean: boolean | null;
            selected_options: {
                option: {
                    id: string;
                    value: string;
                };
            }[];
        };
        /** @description Each figure in ms after the end of the caller's speech; null where the turn never got there (interrupted, or nothing said). */
        TurnLatency: {
            /** @description The caller turn's number in the call, from 1. */
            turn: number;
            /** @description When the caller stopped speaking, ms after the call's audio started. */
            speech_ended_at_ms: number;
            /** @description The end-of-turn decision (the silence threshold waited). */
            end_of_turn_ms: number;
            /** @description The transcript ready. */
            transcript_ms: number | null;
            /** @description The model's first token. */
            first_token_ms: number | null;
            /** @description The first sentence sent to text-to-speech. */
            first_sentence_ms: number | null;
            /** @description Text-to-speech's first audio byte. */
            first_speech_byte_ms: number | null;
            /** @description The first frame of the answer sent to the caller: the latency a caller hears. */
            first_audio_ms: number | null;
        };
        /** @description What a call showed before a re-run replaced it: the analysis fields (`summary`, `sentiment`, `success`, … as in `analysis`; null when the re-run did not replace the analysis or the call had none) and the post-call answers it replaced. */
        AnalysisHistoryEntry: {
            summary: string | null;
            /** @enum {string|null} */
            sentiment: "positive" | "neutral" | "negative" | null;
            success: components["schemas"]["CallSuccess"] & (Record<string, never> | null);
            criteria: components["schemas"]["CallChecklistItem"][] | null;
            /** Format: date-time */
            analyzed_at: string | null;
            model: string | null;
            /** @enum {string|null} */
            analysis_skipped: "not_answered_by_human" | "too_few_caller_turns" | null;
            /** @description The answers the re-run replaced; null when it did not re-answer the questions. */
            post_call_answers: components["schemas"]["PostCallAnswer"][] | null;
            /** @description What the re-run replaced: `analysis`, `post_call_answers` or both. */
            replaced: ("analysis" | "post_call_answers")[];
            /** Format: date-time */
            replaced_at: string;
            /**
             * Format: uuid
             * @description The re-run (`GET /v1/analysis-jobs/{job_id}`) that replaced them.
             */
            job_id: string | null;
        };
        ErrorResponse: {
            data: null;
            message: string;
            error: components["schemas"]["ApiResponseError"];
            status: number;
        };
        ApiResponseError: {
            /**
             * @description generic_error (400), authentication_error (401), permission_error (403), not_found (404), method_not_allowed (405), request_timeout (408), conflict (409), payload_too_large (413), uri_too_long (414), unsupported_media_type (415), rate_limit_exceeded (429), do_not_call (400: the number is on the do-not-call list), concurrency_limit_exceeded (429: every concurrent-call slot is taken; see Retry-After), header_fields_too_large (431), internal_error (500) or service_unavailable (503: the instance is shutting down; retry after Retry-After, another instance answers).
             * @example generic_error
             */
            type: string;
            message: string;
            status: number;
            details: components["schemas"]["ApiErrorDetail"][];
            /** @description Extension: the request id, also in the X-Request-Id header. */
            request_id: string;
        };
        ApiErrorDetail: {
            /** @example to_number */
            field: string;
            /** @example Must be an E.164 number such as +14155550123 */
            message: string;
        };
        StartWebCallRequest: {
            /**
             * Format: uuid
             * @description An agent of your organization; its published version talks.
             */
            agent_id: string;
            /**
             * @description Initial variable values: strings, numbers, booleans or nested objects.
             * @example {
             *       "customer_name": "Ada"
             *     }
             */
            dynamic_variables_values?: {
                [key: string]: unknown;
            };
            /**
             * @example {
             *       "source": "website"
             *     }
             */
            metadata?: {
                [key: string]: unknown;
            };
            /**
             * @description voice: the caller talks and listens over `media_url` (a WebSocket); text: turns and events only. Default voice when the agent's transcriber and voice providers are configured on the server, else text. voice with a provider not configured is 400 naming what to set.
             * @enum {string}
             */
            mode?: "voice" | "text";
        };
        CallerTurnRequest: {
            /** @description What the caller said (typed or recognized speech). */
            text: string;
        };
        HangUpWebCallResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        CallList: {
            data: components["schemas"]["Call"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        CallCountResponse: {
            data: components["schemas"]["CallCount"];
            message: string;
            error: null;
            status: number;
        };
        CallCount: {
            /** @description Calls that match the filters. */
            total: number;
            /** @description true when `total` is exact: always with no filter or only `agent_id`, `start_time_gt` and `start_time_lt` (from the analytics rollups), and for other filters up to 10,000 matches; above that `total` is the query planner's estimate (false). */
            exact: boolean;
        };
        CallResponse: {
            data: components["schemas"]["Call"];
            message: string;
            error: null;
            status: number;
        };
        UpdatedCallResponse: {
            data: components["schemas"]["Call"];
            message: string;
            error: null;
            status: number;
        };
        UpdateCallMetadataRequest: {
            /**
             * @example {
             *       "crm_id": "A-42",
             *       "tags": {
             *         "vip": true
             *       }
             *     }
             */
            metadata: {
                [key: string]: unknown;
            };
            /** @description false (default): JSON Merge Patch (RFC 7396) into the existing metadata, recursively; a null value removes that key. true: the existing metadata is replaced by this object, null values kept. */
            override?: boolean;
        };
        TerminateCallResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        StartPhoneCallResponse: {
            data: components["schemas"]["StartPhoneCallResult"];
            message: string;
            error: null;
            status: number;
        };
        StartPhoneCallResult: {
            /** Format: uuid */
            call_id: string;
        };
        StartPhoneCallRequest: {
            /**
             * @description A number of your organization (E.164, at least 8 characters).
             * @example +14155550100
             */
            from_number: string;
            /**
             * @description E.164, at least 8 characters.
             * @example +14155550123
             */
            to_number: string;
            /**
             * Format: uuid
             * @description An agent of your organization.
             */
            agent_id: string;
            /**
             * @description Initial variable values: strings, numbers, booleans or nested objects.
             * @example {
             *       "customer_name": "Ada"
             *     }
             */
            dynamic_variables_values?: {
                [key: string]: unknown;
            };
            /**
             * @description SIP headers for the INVITE when `from_number` is a `sip` number, checked before anything is dialled. Every entry is sent as given; `From`, `To` and `P-Asserted-Identity` replace ours (our From tag is kept; `To` must carry no tag). Via, Call-ID, CSeq, Contact, Content-Length, Max-Forwards (and their compact forms) are refused, as are names outside the RFC 3261 token grammar, values with CR, LF or other control characters, and more than 64 headers: 400 naming the header (`custom_headers.Via`).
             * @example {
             *       "X-Campaign": "spring",
             *       "P-Asserted-Identity": "<sip:+14155550100@trunk.example.com>"
             *     }
             */
            custom_headers?: {
                [key: string]: string;
            };
        };
        PhoneNumberListResponse: {
            data: components["schemas"]["PhoneNumber"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        PhoneNumber: {
            /** Format: uuid */
            id: string;
            /**
             * @description E.164 with the + prefix
             * @example +14155550100
             */
            number: string;
            /** @example Support line */
            name: string | null;
            /**
             * @description `pstn` or `sip` (a number reached through your SIP trunk).
             * @enum {string}
             */
            type: "pstn" | "sip";
            /**
             * Format: uuid
             * @description Agent that answers calls to this number.
             */
            inbound_agent_id: string | null;
            /** @description When true, calls to this number are forwarded to `redirect_phone_number`. */
            redirect: boolean;
            /** @example +14155550199 */
            redirect_phone_number: string | null;
            sip_trunk: components["schemas"]["SipTrunk"];
            /**
             * @description Extension: the carrier that carries this `pstn` number's calls (`twilio` or `telnyx`). When a request omits it, the organization's only configured carrier is used (none when it has none or several); refused for `sip` numbers.
             * @enum {string|null}
             */
            carrier: "twilio" | "telnyx" | null;
            carrier_state: components["schemas"]["PhoneNumberCarrierState"];
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        /** @description Extension: the SIP trunk of a `sip` number; null for `pstn` numbers. */
        SipTrunk: {
            /** @example sip:trunk.example.com:5060 */
            termination_uri: string;
            /** @enum {string} */
            transport: "udp" | "tcp" | "tls";
            auth_username: string | null;
            /** @description Whether a password is stored; the password itself is never returned. */
            has_auth_password: boolean;
            /**
             * @description Where an inbound INVITE from this trunk names the called number: `request_uri` (the Request-URI's user part, what most trunks send) or `to` (the To header's user part, for PBXs that keep their own host in the Request-URI).
             * @enum {string}
             */
            inbound_match: "request_uri" | "to";
            allowed_source_addresses: string[];
        } | null;
        /** @description Extension: the number's state at its carrier as last checked (import or check); null when never checked. */
        PhoneNumberCarrierState: {
            /** @description Whether the carrier sends this number's calls to this deployment. */
            live: boolean;
            /**
             * @description Why it is not live, in words; null when live.
             * @example The number's voice webhook points elsewhere (https://old.example.com/voice).
             */
            problem: string | null;
            /** @description The carrier's id of the number (Twilio PN…, Telnyx id). */
            carrier_number_id: string | null;
            /** Format: date-time */
            checked_at: string;
        } | null;
        PhoneNumberResponse: {
            data: components["schemas"]["PhoneNumber"];
            message: string;
            error: null;
            status: number;
        };
        CreatePhoneNumberRequest: {
            /** @example +14155550100 */
            number: string;
            /** @example Support line */
            name?: string | null;
            /**
             * @default pstn
             * @enum {string}
             */
            type: "pstn" | "sip";
            /**
             * Format: uuid
             * @description An agent of your organization; anything else is 400 naming `inbound_agent_id`.
             */
            inbound_agent_id?: string | null;
            /** @description Default false; true needs `redirect_phone_number`. */
            redirect?: boolean | null;
            /** @example +14155550199 */
            redirect_phone_number?: string | null;
            sip_trunk?: components["schemas"]["SipTrunkInput"];
            /**
             * @description Extension: the carrier that carries this `pstn` number's calls (`twilio` or `telnyx`). When a request omits it, the organization's only configured carrier is used (none when it has none or several); refused for `sip` numbers.
             * @enum {string|null}
             */
            carrier?: "twilio" | "telnyx" | null;
        };
        /** @description Extension: the SIP trunk of a `sip` number (required for `sip`, refused for `pstn`). On PATCH the object replaces the stored one, except that an omitted `auth_password` is kept. */
        SipTrunkInput: {
            /**
             * @description Where outbound calls from this number are sent. Its host must be (or resolve to) public unicast addresses: a loopback, private, link-local or metadata address is refused with 400 when saved, and checked again after DNS when each call is placed, unless the deployment's OUTBOUND_ALLOWED_HOSTS allows it (an operator's own PBX).
             * @example sip:trunk.example.com:5060
             */
            termination_uri: string;
            /**
             * @description Transport to the trunk (default udp).
             * @default udp
             * @enum {string}
             */
            transport: "udp" | "tcp" | "tls";
            /** @description Digest username, if the trunk needs one. */
            auth_username?: string | null;
            /** @description Write-only digest password; never returned (responses show `has_auth_password`). Stored encrypted (AES-256-GCM under a key derived from AUTH_SECRET). On PATCH, omitting it keeps the stored password and null clears it. */
            auth_password?: string | null;
            /**
             * @description Where an inbound INVITE from this trunk names the called number: `request_uri` (the Request-URI's user part, what most trunks send) or `to` (the To header's user part, for PBXs that keep their own host in the Request-URI).
             * @default request_uri
             * @enum {string}
             */
            inbound_match: "request_uri" | "to";
            /**
             * @description IP addresses or CIDR ranges (IPv4 or IPv6) this trunk's INVITEs come from. An INVITE for this number from any other address is refused (403) and creates nothing; an empty list takes no inbound calls.
             * @default []
             * @example [
             *       "203.0.113.5",
             *       "198.51.100.0/24"
             *     ]
             */
            allowed_source_addresses: string[];
        } | null;
        /** @description Every field is optional; omitted fields keep their values. Unknown fields are rejected. */
        UpdatePhoneNumberRequest: {
            /**
             * @description null clears the name.
             * @example Support line
             */
            name?: string | null;
            /**
             * Format: uuid
             * @description null detaches the agent.
             */
            inbound_agent_id?: string | null;
            /** @description null means false. True needs a `redirect_phone_number`. */
            redirect?: boolean | null;
            /**
             * @description null clears it. Must differ from the number itself.
             * @example +14155550199
             */
            redirect_phone_number?: string | null;
            sip_trunk?: components["schemas"]["SipTrunkInput"];
            /**
             * @description Extension: `twilio` or `telnyx`; null clears it (then the only configured carrier is used).
             * @enum {string|null}
             */
            carrier?: "twilio" | "telnyx" | null;
        };
        PhoneNumberDeletedResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        AgentResponse: {
            data: components["schemas"]["Agent"];
            message: string;
            error: null;
            status: number;
        };
        /** @description The agent with every default filled in. */
        Agent: {
            name: string;
            states: {
                name: string;
                /** @description May refer to a tool as {{tool_name}} and to a variable as {{variable_name}}. */
                prompt: string;
                /** @description Overrides the agent's llm in this state; null (the default) uses the agent's. */
                llm: {
                    /**
                     * @description Default openai. openai_compatible = any server speaking the OpenAI API (Ollama, vLLM, llama.cpp). openai_realtime (extension) = speech-to-speech on OpenAI's Realtime API: the model hears the caller and speaks itself (voice calls; the voice is voice.name, the model OPENAI_REALTIME_MODEL or llm.model when it names a realtime model).
                     * @enum {string}
                     */
                    provider?: "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
                    /**
                     * @description Default gpt-4o-mini
                     * @example gpt-4o-mini
                     */
                    model?: string;
                    /** @description 0 to 2, default 0.7 */
                    temperature?: number;
                } | null;
                tools: ({
                    /** @enum {string} */
                    type: "custom_function";
                    name: string;
                    description: string;
                    /** @description Spoken while the tool runs. Default empty. */
                    filler_sentence: string;
                    url: string;
                    /**
                     * @description Default GET
                     * @enum {string}
                     */
                    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                    /**
                     * @description url_params (default): parameters in the query string; json or form: in the body
                     * @enum {string}
                     */
                    content_type: "url_params" | "json" | "form";
                    headers: {
                        name: string;
                        value: string;
                        description: string;
                    }[];
                    parameters: components["schemas"]["ToolParameter"][];
                    response_mapping: {
                        /**
                         * @description RFC 9535 JSONPath, e.g. $.data.slots[0].time
                         * @example $.data.id
                         */
                        json_path_to_data: string;
                        destination_variable: string;
                    }[];
                    /** @description Extension: request timeout, default 10000 ms */
                    timeout_ms: number;
                } | {
                    /** @enum {string} */
                    type: "wait" | "hang_up" | "transfer_call" | "leave_voicemail_message" | "add_to_do_not_call";
                    description: string;
                    /** @description Spoken while the tool runs. Default empty. */
                    filler_sentence: string;
                    /**
                     * @description Extension, transfer_call only: the E.164 number a phone call is transferred to.
                     * @example +14155550199
                     */
                    transfer_phone_number?: string;
                    /**
                     * @description Extension, transfer_call only: cold (default) puts the caller straight through; warm holds the caller (hold audio) while the agent calls transfer_phone_number from the same number, speaks a summary of the call to whoever answers, then joins the two. A warm transfer that is not answered in transfer_timeout_seconds, or declined, brings the caller back to the agent (a transfer_failed event).
                     * @enum {string}
                     */
                    transfer_mode?: "cold" | "warm";
                    /** @description Extension, warm transfer only: a WAV file (16-bit PCM, any rate) the caller hears, looped, while the destination is called. Default a built-in soft chime. */
                    hold_audio_url?: string;
                    /** @description Extension, warm transfer only: what the agent says to the destination before joining the caller; may use {{variables}}. Default a summary of the call so far, written by the agent's model. */
                    whisper_message?: string;
                    /** @description Extension, warm transfer only: how long the destination may take to answer, default 30. */
                    transfer_timeout_seconds?: number;
                })[];
                transitions: {
                    condition: string;
                    destination_state_name: string;
                    /** @description Spoken while moving. Default empty. */
                    filler_sentence: string;
                }[];
                variables: {
                    name: string;
                    /**
                     * @description Default string
                     * @enum {string}
                     */
                    type: "string" | "number" | "integer" | "boolean" | "datetime" | "date";
                    description: string;
                    /** @description How the model extracts the value from the conversation. */
                    extraction_instructions: string;
                }[];
                x_position: number | null;
                y_position: number | null;
                features: {
                    entity_detection: boolean;
                };
            }[];
            initial_state_name: string;
            /**
             * @description Default medium. Set at creation only.
             * @enum {string}
             */
            interruptions_sensitivity: "low" | "medium" | "high";
            /**
             * @description A well-formed BCP 47 language tag, default en-US
             * @example en-US
             */
            language: string;
            /** @description First thing the agent says; null = wait for the caller. */
            initial_message: string | null;
            /** @description Milliseconds before the initial message, 0 to 60000, default 0 */
            initial_message_delay: number;
            /** @description Seconds, 10 to 14400, default 1800 */
            max_call_duration: number;
            /** @description Default ["Are you still there?"] */
            presence_check_phrases: string[];
            /** @description Seconds of silence before a presence check, default 10 */
            presence_check_idle_threshold: number;
            /** @description Presence checks before hanging up, default 2 */
            presence_check_max_times: number;
            base_prompt: string;
            voice: {
                /**
                 * @description Default: the first provider this server has keys for (openai, deepgram, elevenlabs, cartesia, azure), else browser. Voice calls speak through openai, openai_compatible (any server with /audio/speech: Kokoro-FastAPI, Speaches), azure, elevenlabs, cartesia or deepgram (Aura); browser cannot start a voice call. GET /v1/voices lists each provider's voices.
                 * @enum {string}
                 */
                provider: "openai" | "openai_compatible" | "azure" | "elevenlabs" | "cartesia" | "deepgram" | "browser";
                /**
                 * @description The voice: a name (openai, azure), a voice id (elevenlabs, cartesia) or an Aura model (deepgram). Default: the provider's default voice.
                 * @example alloy
                 */
                name: string;
                /** @description Extension: the provider's speech model (elevenlabs: default eleven_flash_v2_5; cartesia: default sonic-3). */
                model?: string;
                /** @description How the voice should sound. Default empty. */
                instructions: string;
                /** @description Multiplier from 0.25 to 4, default 1 */
                speed: number;
            };
            llm: {
                /**
                 * @description Default openai. openai_compatible = any server speaking the OpenAI API (Ollama, vLLM, llama.cpp). openai_realtime (extension) = speech-to-speech on OpenAI's Realtime API: the model hears the caller and speaks itself (voice calls; the voice is voice.name, the model OPENAI_REALTIME_MODEL or llm.model when it names a realtime model).
                 * @enum {string}
                 */
                provider: "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
                /**
                 * @description Default gpt-4o-mini
                 * @example gpt-4o-mini
                 */
                model: string;
                /** @description 0 to 2, default 0.7 */
                temperature: number;
            };
            transcriber: {
                /**
                 * @description Default: the first provider this server has keys for (openai, deepgram, azure), else browser. Voice calls transcribe with azure, openai, openai_compatible (any server with /audio/transcriptions: Speaches, faster-whisper-server, whisper.cpp), deepgram (streaming) or deepgram_flux (Deepgram Flux: streaming, its end-of-turn events decide when the caller has finished); browser cannot start a voice call.
                 * @enum {string}
                 */
                provider: "azure" | "openai" | "openai_compatible" | "deepgram" | "deepgram_flux" | "browser";
            };
            /** @description Default false */
            secure_recording_urls: boolean;
            /** @description Whether the caller can interrupt the agent, default true */
            interruptions: boolean;
            /** @description Extension: remove background noise from the caller's audio (RNNoise) before voice activity detection and transcription, and keep voices in the background (babble, a television) from being taken for the caller, default false */
            denoise: boolean;
            /** @description Extension: when the caller's turn ends in a voice call. The turn ends after silence_threshold_ms of silence; with a streaming transcriber (or, with a batch one, the words transcribed at the first 200 ms pause), after min_wait_ms when the words so far end a sentence and up to max_wait_ms when they stop mid-sentence; an endpointing_url, when set, is asked first. */
            end_of_turn: {
                /** @description Silence after the caller's last word that ends their turn when nothing more is known. 100 to 5000, default 700. */
                silence_threshold_ms: number;
                /** @description The shorter wait used when the words so far (a streaming transcriber's interim, or a batch transcription taken at the first pause) end a sentence (., ?, !). Default 300. */
                min_wait_ms: number;
                /** @description The longer wait used when the words so far stop mid-sentence (a comma, "and", "um"). Default 2000. */
                max_wait_ms: number;
                /** @description Extension: your own end-of-turn model. At each candidate end of the caller's turn we POST {transcript, silence_ms, call_id} and expect {end_of_turn: boolean, wait_ms?: number} within 150 ms; no answer in time (or an error) leaves the decision to the built-in rule. Requests follow the same outbound rules as custom functions (public addresses only unless allowed). Default null. */
                endpointing_url: string | null;
            };
            webhook_url: string | null;
            webhook_subscriptions: ("event_variable_value_updated" | "event_all_variables_resolved")[];
            custom_vocabulary: string[];
            /** @description Extension: knowledge bases the agent retrieves from. */
            knowledge_base_ids: string[];
            success_rubric: components["schemas"]["AgentSuccessRubric"];
            /**
             * @description Extension: what is kept of this agent's calls. `everything` (default); `redact_pii`: PII (card numbers, SSNs, emails, phone numbers, dates of birth, IBANs, addresses, person names) is replaced by `[category]` placeholders in the transcript, variable values, post-call answers, webhook payloads, logs and the events stream once the call has ended, and silenced in the recording (the live conversation still hears and reads it); `metadata_only`: after the post-call work, nothing but duration, cost, status, end reason and metadata is kept.
             * @enum {string}
             */
            data_storage: "everything" | "redact_pii" | "metadata_only";
            /** @description Extension: calls older than this many days are deleted (record, transcript, recording, events) by a daily job; null (default) keeps them. */
            retention_days: number | null;
            /** Format: uuid */
            id: string;
            /** @description The version returned (the published one unless ?version= was given). */
            version: number;
            /** @description Call-level variables (from_number, to_number, call_start_time, call_id), every state variable and every destination_variable, once each. */
            variables: {
                name: string;
                /**
                 * @description Default string
                 * @enum {string}
                 */
                type: "string" | "number" | "integer" | "boolean" | "datetime" | "date";
                description: string;
                /** @description How the model extracts the value from the conversation. */
                extraction_instructions: string;
            }[];
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When this version was created.
             */
            updated_at: string;
        };
        /** @description Three shapes: {name, type, description} where the model supplies the value; {name, value: {source: "variable", variable}}; {name, value: {source: "llm_parameter", llm_parameter: {name, type, description}}}. */
        ToolParameter: {
            name: string;
            /** @enum {string} */
            type?: "string" | "number" | "integer" | "boolean" | "object" | "array";
            description?: string;
            value?: {
                /** @enum {string} */
                source: "variable";
                variable: string;
            } | {
                /** @enum {string} */
                source: "llm_parameter";
                llm_parameter: {
                    name: string;
                    /** @enum {string} */
                    type: "string" | "number" | "integer" | "boolean" | "object" | "array";
                    description?: string;
                };
            };
        };
        /** @description Extension: what makes a call of this agent a success, judged in each finished call's `analysis` (structured output, temperature 0). null (the default): no rubric, every call's success is `unknown`. */
        AgentSuccessRubric: {
            /**
             * @description pass_fail: the call succeeded or failed against the criteria (score null). score: a score from 0 to 10 against the criteria. checklist: each criterion is met or not; the score is the share of criteria met, times 10, and the call succeeds when every one is met.
             * @enum {string}
             */
            type: "pass_fail" | "score" | "checklist";
            /**
             * @description 1 to 20 criteria, each 1 to 500 characters.
             * @example [
             *       "The caller's table is booked",
             *       "The agent confirmed the date and time"
             *     ]
             */
            criteria: string[];
        } | null;
        CreateAgentRequest: {
            name: string;
            states: components["schemas"]["State"][];
            initial_state_name: string;
            /**
             * @description Default medium. Set at creation only.
             * @enum {string}
             */
            interruptions_sensitivity?: "low" | "medium" | "high";
            /**
             * @description A well-formed BCP 47 language tag, default en-US
             * @example en-US
             */
            language?: string;
            /** @description First thing the agent says; null = wait for the caller. */
            initial_message?: string | null;
            /** @description Milliseconds before the initial message, 0 to 60000, default 0 */
            initial_message_delay?: number;
            /** @description Seconds, 10 to 14400, default 1800 */
            max_call_duration?: number;
            /** @description Default ["Are you still there?"] */
            presence_check_phrases?: string[];
            /** @description Seconds of silence before a presence check, default 10 */
            presence_check_idle_threshold?: number;
            /** @description Presence checks before hanging up, default 2 */
            presence_check_max_times?: number;
            base_prompt?: string;
            voice?: components["schemas"]["AgentVoice"];
            llm?: components["schemas"]["AgentLlm"];
            transcriber?: components["schemas"]["AgentTranscriber"];
            /** @description Default false */
            secure_recording_urls?: boolean;
            /** @description Whether the caller can interrupt the agent, default true */
            interruptions?: boolean;
            /** @description Extension: remove background noise from the caller's audio (RNNoise) before voice activity detection and transcription, and keep voices in the background (babble, a television) from being taken for the caller, default false */
            denoise?: boolean;
            end_of_turn?: components["schemas"]["AgentEndOfTurn"];
            webhook_url?: string | null;
            webhook_subscriptions?: ("event_variable_value_updated" | "event_all_variables_resolved")[];
            custom_vocabulary?: string[];
            /** @description Extension: knowledge bases the agent retrieves from. */
            knowledge_base_ids?: string[];
            success_rubric?: components["schemas"]["AgentSuccessRubric"];
            /**
             * @description Extension: what is kept of this agent's calls. `everything` (default); `redact_pii`: PII (card numbers, SSNs, emails, phone numbers, dates of birth, IBANs, addresses, person names) is replaced by `[category]` placeholders in the transcript, variable values, post-call answers, webhook payloads, logs and the events stream once the call has ended, and silenced in the recording (the live conversation still hears and reads it); `metadata_only`: after the post-call work, nothing but duration, cost, status, end reason and metadata is kept.
             * @enum {string}
             */
            data_storage?: "everything" | "redact_pii" | "metadata_only";
            /** @description Extension: calls older than this many days are deleted (record, transcript, recording, events) by a daily job; null (default) keeps them. */
            retention_days?: number | null;
        };
        State: {
            name: string;
            /** @description May refer to a tool as {{tool_name}} and to a variable as {{variable_name}}. */
            prompt?: string;
            /** @description Overrides the agent's llm in this state; null (the default) uses the agent's. */
            llm?: {
                /**
                 * @description Default openai. openai_compatible = any server speaking the OpenAI API (Ollama, vLLM, llama.cpp). openai_realtime (extension) = speech-to-speech on OpenAI's Realtime API: the model hears the caller and speaks itself (voice calls; the voice is voice.name, the model OPENAI_REALTIME_MODEL or llm.model when it names a realtime model).
                 * @enum {string}
                 */
                provider?: "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
                /**
                 * @description Default gpt-4o-mini
                 * @example gpt-4o-mini
                 */
                model?: string;
                /** @description 0 to 2, default 0.7 */
                temperature?: number;
            } | null;
            tools?: components["schemas"]["Tool"][];
            transitions?: components["schemas"]["Transition"][];
            variables?: components["schemas"]["Variable"][];
            x_position?: number | null;
            y_position?: number | null;
            features?: {
                entity_detection?: boolean;
            };
        };
        Tool: components["schemas"]["CustomFunctionTool"] | components["schemas"]["BuiltInTool"];
        CustomFunctionTool: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "custom_function";
            name: string;
            description?: string;
            /** @description Spoken while the tool runs. Default empty. */
            filler_sentence?: string;
            url: string;
            /**
             * @description Default GET
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /**
             * @description url_params (default): parameters in the query string; json or form: in the body
             * @enum {string}
             */
            content_type?: "url_params" | "json" | "form";
            headers?: {
                name: string;
                value: string;
                description?: string;
            }[];
            parameters?: components["schemas"]["ToolParameter"][];
            response_mapping?: {
                /**
                 * @description RFC 9535 JSONPath, e.g. $.data.slots[0].time
                 * @example $.data.id
                 */
                json_path_to_data: string;
                destination_variable: string;
            }[];
            /** @description Extension: request timeout, default 10000 ms */
            timeout_ms?: number;
        };
        BuiltInTool: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "wait" | "hang_up" | "transfer_call" | "leave_voicemail_message" | "add_to_do_not_call";
            description?: string;
            /** @description Spoken while the tool runs. Default empty. */
            filler_sentence?: string;
            /**
             * @description Extension, transfer_call only: the E.164 number a phone call is transferred to.
             * @example +14155550199
             */
            transfer_phone_number?: string;
            /**
             * @description Extension, transfer_call only: cold (default) puts the caller straight through; warm holds the caller (hold audio) while the agent calls transfer_phone_number from the same number, speaks a summary of the call to whoever answers, then joins the two. A warm transfer that is not answered in transfer_timeout_seconds, or declined, brings the caller back to the agent (a transfer_failed event).
             * @enum {string}
             */
            transfer_mode?: "cold" | "warm";
            /** @description Extension, warm transfer only: a WAV file (16-bit PCM, any rate) the caller hears, looped, while the destination is called. Default a built-in soft chime. */
            hold_audio_url?: string;
            /** @description Extension, warm transfer only: what the agent says to the destination before joining the caller; may use {{variables}}. Default a summary of the call so far, written by the agent's model. */
            whisper_message?: string;
            /** @description Extension, warm transfer only: how long the destination may take to answer, default 30. */
            transfer_timeout_seconds?: number;
        };
        Transition: {
            condition: string;
            destination_state_name: string;
            /** @description Spoken while moving. Default empty. */
            filler_sentence?: string;
        };
        Variable: {
            name: string;
            /**
             * @description Default string
             * @enum {string}
             */
            type?: "string" | "number" | "integer" | "boolean" | "datetime" | "date";
            description?: string;
            /** @description How the model extracts the value from the conversation. */
            extraction_instructions?: string;
        };
        AgentVoice: {
            /**
             * @description Default: the first provider this server has keys for (openai, deepgram, elevenlabs, cartesia, azure), else browser. Voice calls speak through openai, openai_compatible (any server with /audio/speech: Kokoro-FastAPI, Speaches), azure, elevenlabs, cartesia or deepgram (Aura); browser cannot start a voice call. GET /v1/voices lists each provider's voices.
             * @enum {string}
             */
            provider?: "openai" | "openai_compatible" | "azure" | "elevenlabs" | "cartesia" | "deepgram" | "browser";
            /**
             * @description The voice: a name (openai, azure), a voice id (elevenlabs, cartesia) or an Aura model (deepgram). Default: the provider's default voice.
             * @example alloy
             */
            name?: string;
            /** @description Extension: the provider's speech model (elevenlabs: default eleven_flash_v2_5; cartesia: default sonic-3). */
            model?: string;
            /** @description How the voice should sound. Default empty. */
            instructions?: string;
            /** @description Multiplier from 0.25 to 4, default 1 */
            speed?: number;
        };
        AgentLlm: {
            /**
             * @description Default openai. openai_compatible = any server speaking the OpenAI API (Ollama, vLLM, llama.cpp). openai_realtime (extension) = speech-to-speech on OpenAI's Realtime API: the model hears the caller and speaks itself (voice calls; the voice is voice.name, the model OPENAI_REALTIME_MODEL or llm.model when it names a realtime model).
             * @enum {string}
             */
            provider?: "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
            /**
             * @description Default gpt-4o-mini
             * @example gpt-4o-mini
             */
            model?: string;
            /** @description 0 to 2, default 0.7 */
            temperature?: number;
        };
        AgentTranscriber: {
            /**
             * @description Default: the first provider this server has keys for (openai, deepgram, azure), else browser. Voice calls transcribe with azure, openai, openai_compatible (any server with /audio/transcriptions: Speaches, faster-whisper-server, whisper.cpp), deepgram (streaming) or deepgram_flux (Deepgram Flux: streaming, its end-of-turn events decide when the caller has finished); browser cannot start a voice call.
             * @enum {string}
             */
            provider?: "azure" | "openai" | "openai_compatible" | "deepgram" | "deepgram_flux" | "browser";
        };
        /** @description Extension: when the caller's turn ends in a voice call. The turn ends after silence_threshold_ms of silence; with a streaming transcriber (or, with a batch one, the words transcribed at the first 200 ms pause), after min_wait_ms when the words so far end a sentence and up to max_wait_ms when they stop mid-sentence; an endpointing_url, when set, is asked first. */
        AgentEndOfTurn: {
            /** @description Silence after the caller's last word that ends their turn when nothing more is known. 100 to 5000, default 700. */
            silence_threshold_ms?: number;
            /** @description The shorter wait used when the words so far (a streaming transcriber's interim, or a batch transcription taken at the first pause) end a sentence (., ?, !). Default 300. */
            min_wait_ms?: number;
            /** @description The longer wait used when the words so far stop mid-sentence (a comma, "and", "um"). Default 2000. */
            max_wait_ms?: number;
            /** @description Extension: your own end-of-turn model. At each candidate end of the caller's turn we POST {transcript, silence_ms, call_id} and expect {end_of_turn: boolean, wait_ms?: number} within 150 ms; no answer in time (or an error) leaves the decision to the built-in rule. Requests follow the same outbound rules as custom functions (public addresses only unless allowed). Default null. */
            endpointing_url?: string | null;
        };
        AgentListResponse: {
            data: components["schemas"]["Agent"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        /** @description Partial: omitted fields keep their values; voice, llm and transcriber merge field by field; states replace the whole graph. An agent as GET returns it may be sent back as it is (read-only fields are ignored). */
        UpdateAgentRequest: {
            name?: string;
            states?: components["schemas"]["State"][];
            initial_state_name?: string;
            /**
             * @description Set when the agent is created: the agent's current value is accepted (so a GET can be sent back), any other is 400.
             * @enum {string}
             */
            interruptions_sensitivity?: "low" | "medium" | "high";
            /**
             * @description A well-formed BCP 47 language tag, default en-US
             * @example en-US
             */
            language?: string;
            /** @description First thing the agent says; null = wait for the caller. */
            initial_message?: string | null;
            /** @description Milliseconds before the initial message, 0 to 60000, default 0 */
            initial_message_delay?: number;
            /** @description Seconds, 10 to 14400, default 1800 */
            max_call_duration?: number;
            /** @description Default ["Are you still there?"] */
            presence_check_phrases?: string[];
            /** @description Seconds of silence before a presence check, default 10 */
            presence_check_idle_threshold?: number;
            /** @description Presence checks before hanging up, default 2 */
            presence_check_max_times?: number;
            base_prompt?: string;
            voice?: components["schemas"]["AgentVoice"];
            llm?: components["schemas"]["AgentLlm"];
            transcriber?: components["schemas"]["AgentTranscriber"];
            /** @description Default false */
            secure_recording_urls?: boolean;
            /** @description Whether the caller can interrupt the agent, default true */
            interruptions?: boolean;
            /** @description Extension: remove background noise from the caller's audio (RNNoise) before voice activity detection and transcription, and keep voices in the background (babble, a television) from being taken for the caller, default false */
            denoise?: boolean;
            end_of_turn?: components["schemas"]["AgentEndOfTurn"];
            webhook_url?: string | null;
            webhook_subscriptions?: ("event_variable_value_updated" | "event_all_variables_resolved")[];
            custom_vocabulary?: string[];
            /** @description Extension: knowledge bases the agent retrieves from. */
            knowledge_base_ids?: string[];
            success_rubric?: components["schemas"]["AgentSuccessRubric"];
            /**
             * @description Extension: what is kept of this agent's calls. `everything` (default); `redact_pii`: PII (card numbers, SSNs, emails, phone numbers, dates of birth, IBANs, addresses, person names) is replaced by `[category]` placeholders in the transcript, variable values, post-call answers, webhook payloads, logs and the events stream once the call has ended, and silenced in the recording (the live conversation still hears and reads it); `metadata_only`: after the post-call work, nothing but duration, cost, status, end reason and metadata is kept.
             * @enum {string}
             */
            data_storage?: "everything" | "redact_pii" | "metadata_only";
            /** @description Extension: calls older than this many days are deleted (record, transcript, recording, events) by a daily job; null (default) keeps them. */
            retention_days?: number | null;
            /**
             * Format: uuid
             * @description Read-only: this agent's id (another id is 400).
             */
            id?: string;
            /** @description Read-only, ignored: the update creates the next version. */
            version?: number;
            /** @description Read-only, ignored: derived from the states. */
            variables?: unknown[];
            /** @description Read-only, ignored. */
            created_at?: string;
            /** @description Read-only, ignored. */
            updated_at?: string;
        };
        DeleteAgentResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        AgentVersionsResponse: {
            data: components["schemas"]["AgentVersion"][];
            message: string;
            error: null;
            status: number;
        };
        AgentVersion: {
            version: number;
            name: string;
            is_published: boolean;
            /** Format: date-time */
            created_at: string;
        };
        KnowledgeBaseListResponse: {
            data: components["schemas"]["KnowledgeBase"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        KnowledgeBase: {
            /** Format: uuid */
            id: string;
            /** @example Restaurant FAQ */
            name: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Extension: when the knowledge base or its sources last changed.
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
            /**
             * @description `processing` while any source is processing; otherwise `ready` when no source failed (also with no sources), `partially_failed` when some sources failed (the others are searchable), `failed` when every source failed.
             * @enum {string}
             */
            status: "processing" | "ready" | "partially_failed" | "failed";
            /** Format: uuid */
            organization_id: string;
            /** @description Oldest first. */
            sources: components["schemas"]["KnowledgeBaseSource"][];
        };
        KnowledgeBaseSource: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Extension: when the source last changed (for example, finished processing).
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
            /**
             * @description `file` (a PDF) or `text`.
             * @enum {string}
             */
            type: "file" | "text";
            /**
             * @description The uploaded file's name; null for text sources.
             * @example menu.pdf
             */
            file_name: string | null;
            /** @description Time-limited signed link to the PDF (no API key needed; it expires after SIGNED_URL_TTL_SECONDS, 1 hour by default; fetch the knowledge base again for a fresh one). Null for text sources. */
            file_url: string | null;
            /**
             * @description Extension: the text source's title, or the file's name.
             * @example Opening hours
             */
            title: string | null;
            /** @description Extension: size of the PDF, or of the text in UTF-8. */
            byte_size: number | null;
            /**
             * @description Extension: `processing` until the text is extracted and indexed (files, in a background job), then `ready`, or `failed` with `failure_reason` (for example a PDF without extractable text). Text sources are ready at once.
             * @enum {string}
             */
            status: "processing" | "ready" | "failed";
            /** @description Extension: why the source failed; null otherwise. */
            failure_reason: string | null;
        };
        KnowledgeBaseResponse: {
            data: components["schemas"]["KnowledgeBase"];
            message: string;
            error: null;
            status: number;
        };
        CreateKnowledgeBaseRequest: {
            /** @example Restaurant FAQ */
            name: string;
        };
        UpdateKnowledgeBaseRequest: {
            /** @example Restaurant FAQ */
            name: string;
        };
        KnowledgeBaseDeletedResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        DeleteKnowledgeBaseSourcesRequest: {
            /**
             * @example [
             *       "0b9f6c1e-2c5a-4bd3-9d8c-3f1f2f2a7d10"
             *     ]
             */
            source_ids: string[];
        };
        KnowledgeBaseSearchResponse: {
            data: components["schemas"]["KnowledgeBaseSearchResult"][];
            message: string;
            error: null;
            status: number;
        };
        KnowledgeBaseSearchResult: {
            /** Format: uuid */
            source_id: string;
            /** @enum {string} */
            source_type: "file" | "text";
            /** @description The text source's title, or the file's name. */
            source_title: string | null;
            file_name: string | null;
            /** @description Position of the chunk in its source, from 0. */
            position: number;
            /** @description The PDF page the chunk comes from, from 1 (null for text sources). */
            page: number | null;
            /** @description The chunk's text (about 1,000 characters). */
            content: string;
            /** @description The parts of `content` around the matched words (Postgres `ts_headline`): up to two fragments joined by " … ". */
            excerpt: string;
            /** @description Where the matched words are in `excerpt`, as [start, end) character offsets, in order. */
            highlights: {
                start: number;
                end: number;
            }[];
            /** @description Relevance in [0, 1); results are ordered by it, best first. A chunk that reads as a table of contents or an index counts a fifth of its match, so prose ranks above it. */
            rank: number;
        };
        SearchKnowledgeBaseRequest: {
            /**
             * @description Web-search syntax: words, "quoted phrases", -excluded, or.
             * @example opening hours sunday
             */
            query: string;
            /**
             * @description How many chunks, 1 to 50 (default 5).
             * @default 5
             */
            limit: number;
        };
        PostCallQuestionListResponse: {
            data: components["schemas"]["PostCallQuestion"][];
            message: string;
            error: null;
            status: number;
        };
        PostCallQuestion: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            /** @example Booking confirmed */
            name: string;
            description: string;
            /** @enum {string} */
            type: "text" | "boolean" | "number" | "single_choice" | "multi_choice";
            optional: boolean;
            /** @description null: your organization's default model. */
            model: string | null;
            examples: string[];
            /** @description In order; empty for types without options. */
            options: components["schemas"]["PostCallQuestionOption"][];
            /** @description Inactive questions are kept but not asked after calls. */
            is_active: boolean;
            /**
             * @description `system` for questions configured through the API.
             * @example system
             */
            question_origin: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        /** @description An option keeps its id across updates that keep it, renamed or moved. */
        PostCallQuestionOption: {
            /** Format: uuid */
            id: string;
            /** @example Dinner */
            value: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
        };
        PostCallQuestionResponse: {
            data: components["schemas"]["PostCallQuestion"];
            message: string;
            error: null;
            status: number;
        };
        PostCallQuestionBatch: {
            /** @description 1 to 50 questions. */
            questions: components["schemas"]["PostCallQuestionInput"][];
        };
        /** @description A question to create or update. Creating: name and type are required (and options for single_choice and multi_choice); the other fields take their defaults. Updating (PATCH with `id`): every field is optional and omitted fields keep their values. */
        PostCallQuestionInput: {
            /**
             * Format: uuid
             * @description PATCH: the id of a question of this agent, which the item updates; an id that is not one is an error of the item (it does not create a question with that id). POST: not accepted (400), ids are assigned by the server.
             */
            id?: string;
            /**
             * @description Required when creating. Unique among the agent's questions, ignoring case.
             * @example Booking confirmed
             */
            name?: string;
            /**
             * @description What to ask about the call; the model reads it. Default empty.
             * @default
             * @example Did the caller confirm a table booking?
             */
            description: string;
            /**
             * @description Required when creating. single_choice and multi_choice need options; the other types take none.
             * @enum {string}
             */
            type?: "text" | "boolean" | "number" | "single_choice" | "multi_choice";
            /**
             * @description When true, an answer may be left empty (has_answer false). Default false.
             * @default false
             */
            optional: boolean;
            /**
             * @description Model that answers the question; null (default) uses your organization's default model.
             * @default null
             * @example gpt-4o-mini
             */
            model: string | null;
            /**
             * @description Example answers that guide the model. Default [].
             * @default []
             * @example [
             *       "yes",
             *       "no"
             *     ]
             */
            examples: string[];
            /** @description single_choice and multi_choice: required when creating, at least one, values unique ignoring case. Refused (400) for other types, except an empty list. On update, when sent, it is the whole new list: an entry keeps the id of the option named by its `option_id`, else of a not yet matched option with the same value (ignoring case); options left out are removed, so answers that refer to a kept option keep their meaning. Omitted on update: the options are kept (removed when the type changes to one without options). */
            options?: components["schemas"]["PostCallQuestionOptionInput"][];
        };
        PostCallQuestionOptionInput: {
            /** @example Dinner */
            value: string;
            /**
             * Format: uuid
             * @description PATCH of an existing question only: the id of one of its options, which keeps that id and takes `value` (a rename). Not accepted when creating a question.
             */
            option_id?: string;
        };
        PostCallQuestionUpsertResponse: {
            data: components["schemas"]["PostCallQuestionUpsertResult"];
            message: string;
            error: null;
            status: number;
        };
        PostCallQuestionUpsertResult: {
            created: components["schemas"]["PostCallQuestion"][];
            updated: components["schemas"]["PostCallQuestion"][];
            /** @description One entry per problem; an item may have several. Empty when every item was applied. */
            errors: components["schemas"]["PostCallQuestionBatchError"][];
        };
        PostCallQuestionBatchError: {
            /**
             * @description Position of the item in `questions` (from 0).
             * @example 3
             */
            index: number;
            /**
             * @description Full path of the offending field in the request body, as in `error.details` of a 400; `questions[i]` for the item as a whole.
             * @example questions[3].options[0].option_id
             */
            field: string;
            /** @example Not an option of this question */
            message: string;
        };
        PostCallQuestionDeletedResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        WebhookDeliveryListResponse: {
            data: components["schemas"]["WebhookDeliverySummary"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        WebhookDeliverySummary: {
            /**
             * Format: uuid
             * @description Also the `webhook-id` header of every attempt (stable across retries): deduplicate on it.
             */
            id: string;
            /** Format: uuid */
            agent_id: string | null;
            /** Format: uuid */
            call_id: string | null;
            /** @example event_variable_value_updated */
            event: string;
            /** @description The agent's webhook_url when the event happened. */
            url: string;
            /**
             * @description `pending` (first attempt queued, or a retry scheduled at `next_attempt_at`), `delivered` (a 2xx), or `failed` (every scheduled attempt failed).
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
            /** @description Attempts sent so far. */
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            /**
             * Format: date-time
             * @description When the next attempt is due; null when none is scheduled.
             * @example 2026-01-31T12:00:00.000Z
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            delivered_at: string | null;
            /** @description Every attempt, oldest first. */
            attempt_log: components["schemas"]["WebhookAttempt"][];
            /**
             * Format: date-time
             * @description When the event happened and the delivery was queued.
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
        };
        WebhookAttempt: {
            /** @description 1 for the first attempt. */
            attempt: number;
            /**
             * Format: date-time
             * @description When the request was sent.
             * @example 2026-01-31T12:00:00.000Z
             */
            at: string;
            /** @description The receiver's HTTP status; null when no response came (timeout, refused, blocked). */
            status_code: number | null;
            /** @description Why the attempt failed; null when it succeeded (2xx). */
            error: string | null;
            duration_ms: number;
            /** @description The first 1 KB of the response body. */
            response_excerpt?: string | null;
        };
        WebhookDeliveryResponse: {
            data: components["schemas"]["WebhookDelivery"];
            message: string;
            error: null;
            status: number;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description Also the `webhook-id` header of every attempt (stable across retries): deduplicate on it.
             */
            id: string;
            /** Format: uuid */
            agent_id: string | null;
            /** Format: uuid */
            call_id: string | null;
            /** @example event_variable_value_updated */
            event: string;
            /** @description The agent's webhook_url when the event happened. */
            url: string;
            /**
             * @description `pending` (first attempt queued, or a retry scheduled at `next_attempt_at`), `delivered` (a 2xx), or `failed` (every scheduled attempt failed).
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
            /** @description Attempts sent so far. */
            attempts: number;
            last_status_code: number | null;
            last_error: string | null;
            /**
             * Format: date-time
             * @description When the next attempt is due; null when none is scheduled.
             * @example 2026-01-31T12:00:00.000Z
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            delivered_at: string | null;
            /** @description Every attempt, oldest first. */
            attempt_log: components["schemas"]["WebhookAttempt"][];
            /**
             * Format: date-time
             * @description When the event happened and the delivery was queued.
             * @example 2026-01-31T12:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-31T12:00:00.000Z
             */
            updated_at: string;
            /** @description The JSON body sent: `{type, timestamp, data}`. */
            payload: {
                [key: string]: unknown;
            };
        };
        WebhookSecretResponse: {
            data: components["schemas"]["WebhookSecret"];
            message: string;
            error: null;
            status: number;
        };
        WebhookSecret: {
            /**
             * @description Standard Webhooks signing secret (`whsec_` + base64 key).
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
            /**
             * Format: date-time
             * @description While set, every delivery also carries a signature made with the previous secret, until this time.
             * @example 2026-01-31T12:00:00.000Z
             */
            previous_secret_expires_at: string | null;
        };
        RotateWebhookSecretRequest: {
            /**
             * @description How long the current secret keeps signing beside the new one (default 86400 = 24 h; 0 ends it now).
             * @default 86400
             */
            previous_secret_valid_seconds: number;
        };
        PricingResponse: {
            data: components["schemas"]["Pricing"];
            message: string;
            error: null;
            status: number;
        };
        Pricing: {
            /** @enum {string} */
            currency: "USD";
            /**
             * @description USD per connected minute of a phone call (billed by the second, redirected legs included). Web calls have none. Default 0.014.
             * @example 0.014
             */
            telephony_per_minute: number;
            /**
             * @description USD per million prompt tokens sent to the language model. Default 0.15.
             * @example 0.15
             */
            llm_input_per_million_tokens: number;
            /**
             * @description USD per million tokens the language model generated. Default 0.6.
             * @example 0.6
             */
            llm_output_per_million_tokens: number;
            /**
             * @description USD per million characters spoken by the agent. Default 15.
             * @example 15
             */
            text_to_speech_per_million_characters: number;
            /**
             * @description USD per minute of caller audio transcribed. Default 0.006.
             * @example 0.006
             */
            speech_to_text_per_minute: number;
            /** @description The installation's default prices, used for every field not set. */
            defaults: {
                /**
                 * @description USD per connected minute of a phone call (billed by the second, redirected legs included). Web calls have none. Default 0.014.
                 * @example 0.014
                 */
                telephony_per_minute: number;
                /**
                 * @description USD per million prompt tokens sent to the language model. Default 0.15.
                 * @example 0.15
                 */
                llm_input_per_million_tokens: number;
                /**
                 * @description USD per million tokens the language model generated. Default 0.6.
                 * @example 0.6
                 */
                llm_output_per_million_tokens: number;
                /**
                 * @description USD per million characters spoken by the agent. Default 15.
                 * @example 15
                 */
                text_to_speech_per_million_characters: number;
                /**
                 * @description USD per minute of caller audio transcribed. Default 0.006.
                 * @example 0.006
                 */
                speech_to_text_per_minute: number;
            };
            /** @description Fields your organization has set. */
            overridden: ("telephony_per_minute" | "llm_input_per_million_tokens" | "llm_output_per_million_tokens" | "text_to_speech_per_million_characters" | "speech_to_text_per_minute")[];
        };
        UpdatePricingRequest: {
            /** @description USD per connected minute of a phone call (billed by the second, redirected legs included). Web calls have none. null returns it to the default. */
            telephony_per_minute?: number | null;
            /** @description USD per million prompt tokens sent to the language model. null returns it to the default. */
            llm_input_per_million_tokens?: number | null;
            /** @description USD per million tokens the language model generated. null returns it to the default. */
            llm_output_per_million_tokens?: number | null;
            /** @description USD per million characters spoken by the agent. null returns it to the default. */
            text_to_speech_per_million_characters?: number | null;
            /** @description USD per minute of caller audio transcribed. null returns it to the default. */
            speech_to_text_per_minute?: number | null;
        };
        LlmModelListResponse: {
            data: components["schemas"]["LlmModelList"];
            message: string;
            error: null;
            status: number;
        };
        LlmModelList: {
            /** @enum {string} */
            provider: "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
            /**
             * @description `provider`: listed just now by the provider's own GET /models; `none`: no list (Azure OpenAI names deployments; or the provider is not configured or did not answer: see `message`).
             * @enum {string}
             */
            source: "provider" | "none";
            /**
             * @description Model ids, sorted; any other id the provider accepts works too.
             * @example [
             *       "gpt-4.1",
             *       "gpt-4o-mini"
             *     ]
             */
            models: string[];
            message: string | null;
        };
        VoiceListResponse: {
            data: components["schemas"]["VoiceList"];
            message: string;
            error: null;
            status: number;
        };
        VoiceList: {
            /** @enum {string} */
            provider: "openai" | "openai_compatible" | "azure" | "elevenlabs" | "cartesia" | "deepgram" | "browser" | "openai_realtime";
            /**
             * @description `provider`: listed just now by the provider's own list endpoint (ElevenLabs GET /v1/voices, Cartesia GET /voices, Deepgram's model list); `known`: this server's list (OpenAI, Azure, or a provider that is not configured or did not answer: see `message`).
             * @enum {string}
             */
            source: "provider" | "known";
            /** @description Whether this server has what the provider needs (else a voice call with it cannot start). */
            configured: boolean;
            /**
             * @description The environment variables to set for it.
             * @example [
             *       "ELEVENLABS_API_KEY"
             *     ]
             */
            missing: string[];
            voices: components["schemas"]["Voice"][];
            message: string | null;
        };
        Voice: {
            /**
             * @description What goes in the agent's `voice.name`.
             * @example 21m00Tcm4TlvDq8ikWAM
             */
            id: string;
            /**
             * @description The voice's display name.
             * @example Rachel
             */
            name: string;
            /** @example Calm young woman, American */
            description: string;
            /**
             * @description Its language (ISO 639-1 or BCP 47), when the provider says.
             * @example en
             */
            language: string | null;
            /** @example female */
            gender: string | null;
        };
        VoicePreviewUnavailableResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        VoicePreviewRequest: {
            /** @enum {string} */
            provider: "openai" | "openai_compatible" | "azure" | "elevenlabs" | "cartesia" | "deepgram" | "browser" | "openai_realtime";
            voice: string;
            /** @description The provider's speech model (the agent's `voice.model`). */
            model?: string;
            /** @description What to say; default a short greeting. */
            text?: string;
            /** @description BCP 47, default en-US. */
            language?: string;
            speed?: number;
        };
        SpeechProvidersResponse: {
            data: components["schemas"]["SpeechProviders"];
            message: string;
            error: null;
            status: number;
        };
        SpeechProviders: {
            voices: {
                /** @enum {string} */
                provider: "openai" | "openai_compatible" | "azure" | "elevenlabs" | "cartesia" | "deepgram" | "browser";
                configured: boolean;
                /**
                 * @description Environment variables to set (empty when configured).
                 * @example [
                 *       "DEEPGRAM_API_KEY"
                 *     ]
                 */
                missing: string[];
                /** @description What is missing, in a sentence (e.g. "needs DEEPGRAM_API_KEY"). */
                message: string | null;
            }[];
            transcribers: {
                /** @enum {string} */
                provider: "azure" | "openai" | "openai_compatible" | "deepgram" | "deepgram_flux" | "browser";
                configured: boolean;
                /**
                 * @description Environment variables to set (empty when configured).
                 * @example [
                 *       "DEEPGRAM_API_KEY"
                 *     ]
                 */
                missing: string[];
                /** @description What is missing, in a sentence (e.g. "needs DEEPGRAM_API_KEY"). */
                message: string | null;
            }[];
            /** @description LLM providers that hear and speak themselves (openai_realtime). */
            speech_to_speech: {
                provider: string;
                configured: boolean;
                /**
                 * @description Environment variables to set (empty when configured).
                 * @example [
                 *       "DEEPGRAM_API_KEY"
                 *     ]
                 */
                missing: string[];
                /** @description What is missing, in a sentence (e.g. "needs DEEPGRAM_API_KEY"). */
                message: string | null;
            }[];
            /** @description What a new agent gets when it names none: the first provider this server has keys for. */
            defaults: {
                voice: {
                    /** @enum {string} */
                    provider: "openai" | "openai_compatible" | "azure" | "elevenlabs" | "cartesia" | "deepgram" | "browser";
                    name: string;
                };
                transcriber: {
                    /** @enum {string} */
                    provider: "azure" | "openai" | "openai_compatible" | "deepgram" | "deepgram_flux" | "browser";
                };
            };
        };
        AnalyticsSummaryResponse: {
            data: components["schemas"]["AnalyticsSummary"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsSummary: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            /** @description Calls that started in the range (any status). */
            calls: number;
            /** @description USD */
            total_cost: number;
            /** @description USD per call that has a cost; null when none has. */
            average_cost: number | null;
            total_duration_seconds: number;
            /** @description Over calls with a duration (answered and ended), rounded to 0.01 s; null when none has. */
            average_duration_seconds: number | null;
        };
        AnalyticsCallsPerDayResponse: {
            data: components["schemas"]["AnalyticsCallsPerDay"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsCallsPerDay: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            /** @description Every day of the range, oldest first; days without calls are zeros. */
            days: components["schemas"]["AnalyticsDay"][];
        };
        AnalyticsDay: {
            /**
             * Format: date
             * @description A calendar day in `timezone`.
             */
            date: string;
            calls: number;
            total_cost: number;
            total_duration_seconds: number;
        };
        AnalyticsDurationHistogramResponse: {
            data: components["schemas"]["AnalyticsDurationHistogram"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsDurationHistogram: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            buckets: components["schemas"]["AnalyticsDurationBucket"][];
            /** @description Calls never answered or still going. */
            calls_without_duration: number;
        };
        AnalyticsDurationBucket: {
            min_seconds: number;
            /** @description Exclusive; null for the last bucket. */
            max_seconds: number | null;
            /** @example 1–2 min */
            label: string;
            calls: number;
        };
        AnalyticsCostPerAgentResponse: {
            data: components["schemas"]["AnalyticsCostPerAgent"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsCostPerAgent: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            /** @description Agents with calls in the range, highest total cost first. */
            agents: components["schemas"]["AnalyticsAgent"][];
        };
        AnalyticsAgent: {
            /** Format: uuid */
            agent_id: string;
            /** @description Null for a deleted agent. */
            agent_name: string | null;
            /** @description Calls that started in the range (any status). */
            calls: number;
            /** @description USD */
            total_cost: number;
            /** @description USD per call that has a cost; null when none has. */
            average_cost: number | null;
            total_duration_seconds: number;
            /** @description Over calls with a duration (answered and ended), rounded to 0.01 s; null when none has. */
            average_duration_seconds: number | null;
        };
        AnalyticsPostCallAnswersResponse: {
            data: components["schemas"]["AnalyticsPostCallAnswers"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsPostCallAnswers: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            questions: components["schemas"]["AnalyticsQuestion"][];
        };
        AnalyticsQuestion: {
            /** Format: uuid */
            question_id: string;
            name: string;
            /**
             * Format: uuid
             * @description The agent that asks the question (two agents may ask questions of the same name).
             */
            agent_id: string;
            /** @description Null once the agent is deleted. */
            agent_name: string | null;
            /** @description text, boolean, number, single_choice or multi_choice */
            type: string;
            /** @description Answers with has_answer true. */
            answered: number;
            /** @description Answers with has_answer false. */
            unanswered: number;
            /** @description Boolean questions only. */
            boolean: {
                yes: number;
                no: number;
                /** @description yes / answered, 4 decimals */
                yes_rate: number | null;
            } | null;
            /** @description Number questions only. */
            number: {
                count: number;
                total: number;
                average: number | null;
            } | null;
            /** @description Choice questions only: the current options (also those nobody chose), then removed ones that were chosen. */
            options: {
                option_id: string;
                value: string;
                count: number;
                /** @description count / answered, 4 decimals (multi-choice rates may sum past 1) */
                rate: number | null;
            }[] | null;
        };
        AnalyticsUsageResponse: {
            data: components["schemas"]["AnalyticsUsage"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsUsage: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            /** @description Every day of the range, zeros included. */
            days: components["schemas"]["UsageDay"][];
            /** @description Agents with calls in the range, highest cost first. */
            agents: {
                /** Format: uuid */
                agent_id: string;
                agent_name: string | null;
                calls: number;
                minutes: number;
                total_cost: number;
            }[];
            totals: {
                calls: number;
                minutes: number;
                total_cost: number;
            };
            /** @description The most calls live at one moment in the range. */
            peak_concurrent_calls: number;
            /**
             * Format: date-time
             * @description When that peak was first reached; null without calls.
             */
            peak_at: string | null;
        };
        UsageDay: {
            /**
             * @description A calendar day in `timezone`.
             * @example 2026-03-01
             */
            date: string;
            calls: number;
            /** @description Connected minutes (answered calls' durations / 60, 2 decimals). */
            minutes: number;
            total_cost: number;
            /** @description The most calls live at one moment of the day (calls still going count until now). */
            peak_concurrent_calls: number;
        };
        AnalyticsDashboardResponse: {
            data: components["schemas"]["AnalyticsDashboard"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsDashboard: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            summary: {
                /** @description Calls that started in the range (any status). */
                calls: number;
                /** @description USD */
                total_cost: number;
                /** @description USD per call that has a cost; null when none has. */
                average_cost: number | null;
                total_duration_seconds: number;
                /** @description Over calls with a duration (answered and ended), rounded to 0.01 s; null when none has. */
                average_duration_seconds: number | null;
            };
            /** @description Every day of the range, oldest first; days without calls are zeros. */
            days: components["schemas"]["AnalyticsDay"][];
            duration_histogram: {
                buckets: components["schemas"]["AnalyticsDurationBucket"][];
                calls_without_duration: number;
            };
            /** @description Agents with calls in the range, highest total cost first. */
            agents: components["schemas"]["AnalyticsAgent"][];
            questions: components["schemas"]["AnalyticsQuestion"][];
            quality: components["schemas"]["DashboardQuality"];
        };
        /** @description The range's quality figures (as /v1/analytics/quality's `totals`) and each day's. */
        DashboardQuality: components["schemas"]["QualityFigures"] & {
            /** @description Every day of the range, oldest first. */
            days: components["schemas"]["QualityDay"][];
        };
        QualityDay: {
            /**
             * Format: date
             * @description A calendar day in `timezone`.
             */
            date: string;
            /** @description Calls that started in the range (any status). */
            calls: number;
            /** @description Calls answered (a person or a machine); the base of the per-call rates below. */
            connected_calls: number;
            /** @description Calls with an `analysis`. */
            analyzed_calls: number;
            /** @description Analysed calls by `analysis.success.verdict`. */
            verdicts: {
                success: number;
                failure: number;
                unknown: number;
            };
            /** @description success / (success + failure): unknown verdicts are left out, 0 to 1 (4 decimals); null when there is nothing to divide by. */
            success_rate: number | null;
            /** @description Average `analysis.success.score` of the calls that have one (2 decimals). */
            average_score: number | null;
            /** @description Sentiment shares over analysed calls. */
            sentiment: {
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                positive: number | null;
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                neutral: number | null;
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                negative: number | null;
            };
            sentiment_counts: {
                positive: number;
                neutral: number;
                negative: number;
            };
            /** @description USD per call that has a cost (6 decimals). */
            average_cost: number | null;
            /** @description Over answered calls with a duration (2 decimals). */
            average_duration_seconds: number | null;
            /** @description Median of the caller turns' first-audio latency (`turn_latency[].first_audio_ms`), nearest rank, from a histogram: the lower bound of its bucket, so the true figure is less than one bucket above (50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s). Null without turns. */
            turn_latency_p50_ms: number | null;
            /** @description 90th percentile, as `turn_latency_p50_ms`. */
            turn_latency_p90_ms: number | null;
            /** @description Caller turns with a first-audio latency. */
            latency_turns: number;
            /** @description Agent turns the caller cut off (`interrupted` transcript entries) per connected call (2 decimals). */
            interruptions_per_call: number | null;
            /** @description Connected calls transferred (a transfer or redirect attempted), 0 to 1 (4 decimals); null when there is nothing to divide by. */
            transfer_rate: number | null;
            /** @description Connected calls a voicemail answered, 0 to 1 (4 decimals); null when there is nothing to divide by. */
            voicemail_rate: number | null;
        };
        QualityFigures: {
            /** @description Calls that started in the range (any status). */
            calls: number;
            /** @description Calls answered (a person or a machine); the base of the per-call rates below. */
            connected_calls: number;
            /** @description Calls with an `analysis`. */
            analyzed_calls: number;
            /** @description Analysed calls by `analysis.success.verdict`. */
            verdicts: {
                success: number;
                failure: number;
                unknown: number;
            };
            /** @description success / (success + failure): unknown verdicts are left out, 0 to 1 (4 decimals); null when there is nothing to divide by. */
            success_rate: number | null;
            /** @description Average `analysis.success.score` of the calls that have one (2 decimals). */
            average_score: number | null;
            /** @description Sentiment shares over analysed calls. */
            sentiment: {
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                positive: number | null;
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                neutral: number | null;
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                negative: number | null;
            };
            sentiment_counts: {
                positive: number;
                neutral: number;
                negative: number;
            };
            /** @description USD per call that has a cost (6 decimals). */
            average_cost: number | null;
            /** @description Over answered calls with a duration (2 decimals). */
            average_duration_seconds: number | null;
            /** @description Median of the caller turns' first-audio latency (`turn_latency[].first_audio_ms`), nearest rank, from a histogram: the lower bound of its bucket, so the true figure is less than one bucket above (50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s). Null without turns. */
            turn_latency_p50_ms: number | null;
            /** @description 90th percentile, as `turn_latency_p50_ms`. */
            turn_latency_p90_ms: number | null;
            /** @description Caller turns with a first-audio latency. */
            latency_turns: number;
            /** @description Agent turns the caller cut off (`interrupted` transcript entries) per connected call (2 decimals). */
            interruptions_per_call: number | null;
            /** @description Connected calls transferred (a transfer or redirect attempted), 0 to 1 (4 decimals); null when there is nothing to divide by. */
            transfer_rate: number | null;
            /** @description Connected calls a voicemail answered, 0 to 1 (4 decimals); null when there is nothing to divide by. */
            voicemail_rate: number | null;
        };
        AnalyticsQualityResponse: {
            data: components["schemas"]["AnalyticsQuality"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsQuality: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string | null;
            totals: components["schemas"]["QualityFigures"];
            /** @description Every day of the range in `timezone`, oldest first; days without calls have zeros and nulls. */
            days: components["schemas"]["QualityDay"][];
            /** @description Each agent version with calls in the range, by agent name, then version. */
            versions: components["schemas"]["QualityVersion"][];
        };
        QualityVersion: {
            /** Format: uuid */
            agent_id: string;
            /** @description Null for a deleted agent. */
            agent_name: string | null;
            /** @description Null for calls that recorded no version. */
            agent_version: number | null;
            /** @description Calls that started in the range (any status). */
            calls: number;
            /** @description Calls answered (a person or a machine); the base of the per-call rates below. */
            connected_calls: number;
            /** @description Calls with an `analysis`. */
            analyzed_calls: number;
            /** @description Analysed calls by `analysis.success.verdict`. */
            verdicts: {
                success: number;
                failure: number;
                unknown: number;
            };
            /** @description success / (success + failure): unknown verdicts are left out, 0 to 1 (4 decimals); null when there is nothing to divide by. */
            success_rate: number | null;
            /** @description Average `analysis.success.score` of the calls that have one (2 decimals). */
            average_score: number | null;
            /** @description Sentiment shares over analysed calls. */
            sentiment: {
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                positive: number | null;
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                neutral: number | null;
                /** @description Share of analysed calls, 0 to 1 (4 decimals); null when there is nothing to divide by. */
                negative: number | null;
            };
            sentiment_counts: {
                positive: number;
                neutral: number;
                negative: number;
            };
            /** @description USD per call that has a cost (6 decimals). */
            average_cost: number | null;
            /** @description Over answered calls with a duration (2 decimals). */
            average_duration_seconds: number | null;
            /** @description Median of the caller turns' first-audio latency (`turn_latency[].first_audio_ms`), nearest rank, from a histogram: the lower bound of its bucket, so the true figure is less than one bucket above (50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s). Null without turns. */
            turn_latency_p50_ms: number | null;
            /** @description 90th percentile, as `turn_latency_p50_ms`. */
            turn_latency_p90_ms: number | null;
            /** @description Caller turns with a first-audio latency. */
            latency_turns: number;
            /** @description Agent turns the caller cut off (`interrupted` transcript entries) per connected call (2 decimals). */
            interruptions_per_call: number | null;
            /** @description Connected calls transferred (a transfer or redirect attempted), 0 to 1 (4 decimals); null when there is nothing to divide by. */
            transfer_rate: number | null;
            /** @description Connected calls a voicemail answered, 0 to 1 (4 decimals); null when there is nothing to divide by. */
            voicemail_rate: number | null;
        };
        AnalyticsVersionsResponse: {
            data: components["schemas"]["AnalyticsVersions"];
            message: string;
            error: null;
            status: number;
        };
        AnalyticsVersions: {
            /**
             * Format: date-time
             * @description Resolved start of the range (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description Resolved end of the range (exclusive), UTC.
             */
            to: string;
            /** @example UTC */
            timezone: string;
            /** Format: uuid */
            agent_id: string;
            /** @description Null for a deleted agent. */
            agent_name: string | null;
            /** @description The versions asked for, in that order, each with its figures (zeros when it has no calls in the range). */
            versions: (components["schemas"]["QualityFigures"] & {
                agent_version: number;
            })[];
            /** @description Every pair of the versions asked for (a before b, in the order given): is the difference in success rate larger than chance? */
            comparisons: components["schemas"]["VersionComparison"][];
        };
        VersionComparison: {
            version_a: number;
            version_b: number;
            /** @description Calls of version a judged success or failure (the test's sample). */
            calls_a: number;
            calls_b: number;
            success_rate_a: number | null;
            success_rate_b: number | null;
            /** @description success_rate_b − success_rate_a (4 decimals). */
            difference: number | null;
            /** @description The two-proportion z statistic (pooled), 3 decimals; null with too few calls. */
            z: number | null;
            /** @description Two-sided p-value, 4 decimals; null with too few calls. */
            p_value: number | null;
            /**
             * @description significant: p < 0.05; not_significant; not_enough_calls: either version has fewer than 30 calls judged success or failure.
             * @enum {string}
             */
            result: "significant" | "not_significant" | "not_enough_calls";
            /**
             * @description The result in words.
             * @example not enough calls to tell: each version needs at least 30 calls judged success or failure (6 has 12, 7 has 41)
             */
            message: string;
        };
        TelephonyProviderListResponse: {
            data: components["schemas"]["TelephonyProvider"][];
            message: string;
            error: null;
            status: number;
        };
        TelephonyProvider: {
            /** @enum {string} */
            carrier: "twilio" | "telnyx";
            /** @description Whether an account is connected (the organization's own, or the deployment's environment). */
            configured: boolean;
            /**
             * @description Where the account in use comes from.
             * @enum {string|null}
             */
            source: "organization" | "environment" | null;
            /** @description Twilio Account SID or Telnyx connection id (not secret). */
            account_id: string | null;
            account_name: string | null;
            /**
             * Format: date-time
             * @description When the stored credentials last passed a check.
             */
            verified_at: string | null;
            /** @description Why the last check failed. */
            verification_error: string | null;
            /** @description PUBLIC_BASE_URL: where the carrier reaches this deployment. */
            public_base_url: string | null;
            /** @description The addresses to paste in the carrier's console (null without PUBLIC_BASE_URL). Importing numbers sets them for you. */
            webhook_urls: {
                /** @example https://voice.example.com/telephony/twilio/voice */
                voice: string;
                /** @example https://voice.example.com/telephony/twilio/status */
                status: string;
                /** @example wss://voice.example.com/telephony/twilio/media */
                media_stream: string;
            } | null;
            /** @description Why phone calls through this carrier cannot be placed now; null when they can. */
            problem: string | null;
            /** Format: date-time */
            updated_at: string | null;
        };
        TelephonyProviderResponse: {
            data: components["schemas"]["TelephonyProvider"];
            message: string;
            error: null;
            status: number;
        };
        /** @description Twilio: `account_sid` and `auth_token`. Telnyx: `api_key`, `public_key` and `connection_id`. Secrets are stored encrypted and never returned. */
        TelephonyProviderCredentials: {
            /**
             * @description Twilio: the Account SID.
             * @example AC0123456789abcdef0123456789abcdef
             */
            account_sid?: string;
            /** @description Twilio: the auth token. Write-only, never returned. */
            auth_token?: string;
            /** @description Telnyx: the API v2 key (KEY…). Write-only, never returned. */
            api_key?: string;
            /** @description Telnyx: the webhook signing public key (base64 Ed25519; Portal → Keys & Credentials). */
            public_key?: string;
            /** @description Telnyx: the Call Control application (connection) id that places and receives the calls. */
            connection_id?: string;
            /**
             * @description Check the credentials with the carrier first (default true): credentials the carrier refuses are 400 and nothing is stored; an unreachable carrier stores them with the error noted.
             * @default true
             */
            verify: boolean;
        };
        TelephonyProviderDeletedResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        TelephonyCredentialCheckResponse: {
            data: components["schemas"]["TelephonyCredentialCheck"];
            message: string;
            error: null;
            status: number;
        };
        TelephonyCredentialCheck: {
            ok: boolean;
            /** @description Why the carrier refused, when it did. */
            message: string | null;
            account_name: string | null;
            /** @enum {string} */
            source: "organization" | "environment";
        };
        CarrierNumberListResponse: {
            data: components["schemas"]["CarrierNumber"][];
            message: string;
            error: null;
            status: number;
        };
        CarrierNumber: {
            /** @example +14155550100 */
            phone_number: string;
            carrier_number_id: string;
            name: string | null;
            voice_enabled: boolean;
            /** @description Whether its calls reach this deployment now. */
            live: boolean;
            /** @description Why not, in words. */
            problem: string | null;
            /**
             * Format: uuid
             * @description The phone number record here, once imported or created.
             */
            phone_number_id: string | null;
        };
        ImportedPhoneNumbersResponse: {
            data: components["schemas"]["PhoneNumber"][];
            message: string;
            error: null;
            status: number;
        };
        ImportCarrierNumbersRequest: {
            /** @description The numbers to import (E.164); all of the account's numbers when omitted. */
            numbers?: string[];
        };
        ReanalyzeResponse: {
            data: components["schemas"]["ReanalyzeResult"];
            message: string;
            error: null;
            status: number;
        };
        ReanalyzeResult: {
            /**
             * Format: uuid
             * @description Follow it with `GET /v1/analysis-jobs/{job_id}`.
             */
            job_id: string;
            /** @description The finished calls of the range queued for the re-run. */
            calls: number;
        };
        ReanalyzeRequest: {
            /**
             * @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`.
             * @example 2026-03-01
             */
            from?: string;
            /**
             * @description End of the range: a date-time (exclusive) or a date (that whole day included). Default: the end of today in `timezone`. At most 366 days after `from`.
             * @example 2026-03-31
             */
            to?: string;
            /**
             * @description IANA time zone of date bounds (default UTC).
             * @example Europe/Berlin
             */
            timezone?: string;
            /** @description What to redo: the built-in `analysis`, the `post_call_answers`, or both (the default). */
            include?: ("analysis" | "post_call_answers")[];
        };
        AnalysisJobResponse: {
            data: components["schemas"]["AnalysisJob"];
            message: string;
            error: null;
            status: number;
        };
        AnalysisJob: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            /**
             * @description queued → running → completed (also when some calls failed: see `failed`).
             * @enum {string}
             */
            status: "queued" | "running" | "completed";
            include: ("analysis" | "post_call_answers")[];
            /**
             * Format: date-time
             * @description The range's start (inclusive), UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description The range's end (exclusive), UTC.
             */
            to: string;
            /** @description Calls the re-run covers. */
            calls: number;
            /** @description Calls done so far, successfully or not. */
            processed: number;
            /** @description Calls whose answers were replaced (or found still not analysable). */
            succeeded: number;
            /** @description Calls whose re-run failed; they keep what they had. */
            failed: number;
            /** @description processed / calls, 0 to 1 (1 for a re-run of no calls). */
            progress: number;
            /** @description Why calls failed, the latest 10. */
            errors: {
                /** Format: uuid */
                call_id: string;
                message: string;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
        };
        AgentTestResponse: {
            data: components["schemas"]["AgentTest"];
            message: string;
            error: null;
            status: number;
        };
        AgentTest: components["schemas"]["ScriptedAgentTest"] | components["schemas"]["SimulatedAgentTest"];
        ScriptedAgentTest: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            last_result: components["schemas"]["AgentTestLastResult"];
            name: string;
            /** @enum {string} */
            mode: "text" | "voice";
            dynamic_variables_values: {
                [key: string]: unknown;
            };
            tool_mocks: {
                tool_name: string;
                status: number;
                response?: unknown;
            }[];
            tags: string[];
            expect_end?: components["schemas"]["Expectation"][];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "scripted";
            turns: components["schemas"]["ScriptedTurn"][];
        };
        /** @description Extension: this test in the newest run that finished it; null when it never ran. */
        AgentTestLastResult: {
            /** Format: uuid */
            run_id: string;
            /**
             * @description passed when every repetition passed; error when one broke; else failed.
             * @enum {string}
             */
            status: "passed" | "failed" | "error";
            /** @description Passed repetitions over all of them in that run, 0 to 1. */
            pass_rate: number;
            agent_version: number;
            /** Format: date-time */
            finished_at: string | null;
        } | null;
        Expectation: components["schemas"]["AgentSaysExpectation"] | components["schemas"]["ToolCalledExpectation"] | components["schemas"]["ToolNotCalledExpectation"] | components["schemas"]["StateExpectation"] | components["schemas"]["VariableExpectation"] | components["schemas"]["EndedExpectation"];
        /** @description What the agent said in the turn (scripted turn: its answer; expect_end: anything it said). */
        AgentSaysExpectation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "agent_says";
            /**
             * @description contains / exact: case-insensitive (exact ignores surrounding and repeated whitespace); regex: a JavaScript regular expression, its source (`book(ed|ing)`) or a literal with flags (`/booked/i`); judge: an LLM judge decides whether the answer does what `value` says.
             * @enum {string}
             */
            match: "contains" | "regex" | "exact" | "judge";
            /**
             * @description The text, pattern, or (judge) what a correct answer does.
             * @example confirms the booking and repeats the date
             */
            value: string;
        };
        /** @description The tool was called during the turn (expect_end: at any time). */
        ToolCalledExpectation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "tool_called";
            /** @description A custom_function's name, or a built-in tool's type (hang_up, transfer_call, wait, leave_voicemail_message). */
            tool_name: string;
            /** @description Matched as a subset of the arguments the model passed (objects recursively; arrays and values exactly). */
            arguments?: {
                [key: string]: unknown;
            };
        };
        /** @description The tool was not called during the turn (expect_end: never). */
        ToolNotCalledExpectation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "tool_not_called";
            tool_name: string;
        };
        /** @description The conversation is in this state after the turn. */
        StateExpectation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "state";
            state_name: string;
        };
        /** @description The variable's recorded value after the turn. */
        VariableExpectation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "variable";
            name: string;
            /** @description The recorded value equals this (in the variable's type: a number, a boolean, text …). */
            value?: unknown;
        };
        /** @description The conversation has ended (with this end_reason when given: agent_hangup when the agent hung up). */
        EndedExpectation: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "ended";
            /** @enum {string} */
            end_reason?: "completed" | "agent_hangup" | "user_hangup" | "max_duration" | "terminated" | "no_answer" | "busy" | "no_telephony_provider" | "error" | "failed" | "transferred" | "server_shutdown";
        };
        ScriptedTurn: {
            /**
             * @description What the caller says after the agent's previous answer (the greeting, for the first turn).
             * @example I'd like to book a table for two tomorrow at eight.
             */
            user: string;
            /** @description Voice mode: the caller starts saying `user` this long after the agent starts its previous answer (a barge-in) instead of waiting for its end. */
            interrupt_after_ms?: number;
            /** @description Checked once the agent has answered this turn. */
            expect?: components["schemas"]["Expectation"][];
        };
        SimulatedAgentTest: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            last_result: components["schemas"]["AgentTestLastResult"];
            name: string;
            /** @enum {string} */
            mode: "text" | "voice";
            dynamic_variables_values: {
                [key: string]: unknown;
            };
            tool_mocks: {
                tool_name: string;
                status: number;
                response?: unknown;
            }[];
            tags: string[];
            expect_end?: components["schemas"]["Expectation"][];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "simulated";
            persona: string;
            goal: string;
            success_criteria: string[];
            max_turns: number;
        };
        CreateAgentTestRequest: components["schemas"]["ScriptedAgentTestRequest"] | components["schemas"]["SimulatedAgentTestRequest"];
        ScriptedAgentTestRequest: {
            /** @description Unique among the agent's tests (the CLI matches tests by name). */
            name: string;
            /**
             * @description text: the caller's words go to the engine as text. voice: they are spoken by the server's text-to-speech into a real media session in real time, and what the agent says is transcribed back from its audio (needs the agent's transcriber and voice configured on the server).
             * @default text
             * @enum {string}
             */
            mode: "text" | "voice";
            /**
             * @description Initial variable values, as for a call.
             * @default {}
             * @example {
             *       "customer_name": "Ada"
             *     }
             */
            dynamic_variables_values: {
                [key: string]: unknown;
            };
            /**
             * @description Tools answered without a request; tools not mocked run for real (and follow the same outbound rules as in calls).
             * @default []
             */
            tool_mocks: components["schemas"]["ToolMock"][];
            /**
             * @description For choosing tests to run (`tags` of a run, `--tags` of the CLI).
             * @default []
             * @example [
             *       "booking",
             *       "smoke"
             *     ]
             */
            tags: string[];
            /** @description Checked once the conversation is over. */
            expect_end?: components["schemas"]["Expectation"][];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "scripted";
            /** @description The caller's turns, in order. */
            turns: components["schemas"]["ScriptedTurn"][];
        };
        ToolMock: {
            /** @description A custom_function of the agent: it makes no request while this test runs. */
            tool_name: string;
            /**
             * @description The HTTP status the mock answers (default 200; 4xx and 5xx count as the tool failing).
             * @default 200
             */
            status: number;
            /** @description The JSON body the mock answers; the tool's response_mapping reads it as it would a real one. */
            response?: unknown;
        };
        SimulatedAgentTestRequest: {
            /** @description Unique among the agent's tests (the CLI matches tests by name). */
            name: string;
            /**
             * @description text: the caller's words go to the engine as text. voice: they are spoken by the server's text-to-speech into a real media session in real time, and what the agent says is transcribed back from its audio (needs the agent's transcriber and voice configured on the server).
             * @default text
             * @enum {string}
             */
            mode: "text" | "voice";
            /**
             * @description Initial variable values, as for a call.
             * @default {}
             * @example {
             *       "customer_name": "Ada"
             *     }
             */
            dynamic_variables_values: {
                [key: string]: unknown;
            };
            /**
             * @description Tools answered without a request; tools not mocked run for real (and follow the same outbound rules as in calls).
             * @default []
             */
            tool_mocks: components["schemas"]["ToolMock"][];
            /**
             * @description For choosing tests to run (`tags` of a run, `--tags` of the CLI).
             * @default []
             * @example [
             *       "booking",
             *       "smoke"
             *     ]
             */
            tags: string[];
            /** @description Checked once the conversation is over. */
            expect_end?: components["schemas"]["Expectation"][];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "simulated";
            /**
             * @description Who the simulated caller is and how they talk.
             * @example Maria, 70, polite but hard of hearing; answers in short sentences.
             */
            persona: string;
            /**
             * @description What the caller wants from the call.
             * @example Book a table for two next Friday at 7 pm.
             */
            goal: string;
            /**
             * @description Each judged by an LLM over the whole conversation.
             * @example [
             *       "The agent confirms the date and time",
             *       "The agent does not ask for a credit card"
             *     ]
             */
            success_criteria: string[];
            /**
             * @description The simulated caller speaks at most this many times (default 12).
             * @default 12
             */
            max_turns: number;
        };
        AgentTestListResponse: {
            data: components["schemas"]["AgentTest"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        /** @description Partial: omitted fields keep their values; lists (turns, tags, tool_mocks, …) are replaced whole. `expect_end: null` removes it. */
        UpdateAgentTestRequest: {
            /** @description Unique among the agent's tests (the CLI matches tests by name). */
            name?: string;
            /** @enum {string} */
            type?: "scripted" | "simulated";
            /** @enum {string} */
            mode?: "text" | "voice";
            dynamic_variables_values?: {
                [key: string]: unknown;
            };
            tool_mocks?: components["schemas"]["ToolMock"][];
            tags?: string[];
            expect_end?: components["schemas"]["Expectation"][] | null;
            /** @description The caller's turns, in order. */
            turns?: components["schemas"]["ScriptedTurn"][];
            /**
             * @description Who the simulated caller is and how they talk.
             * @example Maria, 70, polite but hard of hearing; answers in short sentences.
             */
            persona?: string;
            /**
             * @description What the caller wants from the call.
             * @example Book a table for two next Friday at 7 pm.
             */
            goal?: string;
            /**
             * @description Each judged by an LLM over the whole conversation.
             * @example [
             *       "The agent confirms the date and time",
             *       "The agent does not ask for a credit card"
             *     ]
             */
            success_criteria?: string[];
            max_turns?: number;
        };
        DeleteAgentTestResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        TestRunResponse: {
            data: components["schemas"]["TestRun"];
            message: string;
            error: null;
            status: number;
        };
        TestRun: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            agent_version: number;
            /**
             * @description queued → running → passed (every result passed), failed (one failed), error (one broke, or the run itself could not go on) or cancelled.
             * @enum {string}
             */
            status: "queued" | "running" | "passed" | "failed" | "error" | "cancelled";
            /** @description The tests of the run. */
            test_ids: string[];
            tags: string[];
            repeat: number;
            concurrency: number;
            summary: components["schemas"]["TestRunSummary"];
            /** @description Passed results over finished ones, 0 to 1. */
            pass_rate: number;
            /** @description Per test: its pass rate over its repetitions. */
            tests: components["schemas"]["TestRunTest"][];
            /** @description When the run itself broke (status error). */
            error: string | null;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description One per test and repetition, as each finishes. */
            results: components["schemas"]["TestResult"][];
        };
        TestRunSummary: {
            /** @description Test conversations in the run (tests × repeat). */
            total: number;
            passed: number;
            failed: number;
            errored: number;
        };
        TestRunTest: {
            /** Format: uuid */
            test_id: string;
            test_name: string;
            repetitions: number;
            finished: number;
            passed: number;
            failed: number;
            errored: number;
            /** @description passed / finished (0 to 1); 0 before any finished. */
            pass_rate: number;
        };
        TestResult: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            test_id: string;
            test_name: string;
            /** @enum {string} */
            type: "scripted" | "simulated";
            /** @enum {string} */
            mode: "text" | "voice";
            /** @description 1 to the run's repeat. */
            repetition: number;
            /** @enum {string} */
            status: "passed" | "failed" | "error";
            duration_ms: number;
            assertions: components["schemas"]["TestAssertion"][];
            transcript: components["schemas"]["TranscriptEntry"][];
            /** @description Every state the conversation was in, in order, from the initial one. */
            states_visited: string[];
            tool_calls: components["schemas"]["TestToolCall"][];
            variable_values: components["schemas"]["VariableValue"][];
            /** @enum {string|null} */
            end_reason: "completed" | "agent_hangup" | "user_hangup" | "max_duration" | "terminated" | "no_answer" | "busy" | "no_telephony_provider" | "error" | "failed" | "transferred" | "server_shutdown" | null;
            /** @description When status is error: what broke (e.g. the LLM answered 500). */
            error: string | null;
            /** @description Voice mode: per caller turn, as on a call. */
            turn_latency: components["schemas"]["TurnLatency"][] | null;
            /** @description This test's pass rate over its repetitions in the run so far, 0 to 1. */
            pass_rate: number;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        TestAssertion: {
            /** @description The scripted turn's index (turns[i]); null for expect_end and success criteria. */
            turn: number | null;
            /** @description An expectation type (agent_says, tool_called, tool_not_called, state, variable, ended) or success_criterion. */
            type: string;
            /**
             * @description agent_says: how it was matched.
             * @enum {string}
             */
            match?: "contains" | "regex" | "exact" | "judge";
            passed: boolean;
            /** @description What was expected (the text, pattern, criterion, tool and arguments, state, value, end reason). */
            expected?: unknown;
            /** @description What happened (what the agent said, the tool calls, the state, the value, the end reason, the judge's verdict). */
            actual?: unknown;
            /** @description Why it passed or failed, in words. */
            reason: string;
        };
        TestToolCall: {
            tool_name: string;
            arguments: {
                [key: string]: unknown;
            };
            mocked: boolean;
            /** @description custom_function: `{status, error, body}` of the (mocked) response; built-in tools: null. */
            result?: unknown;
        };
        CreateTestRunRequest: {
            /** @description Tests of this agent to run. */
            test_ids?: string[];
            /** @description Also run every test with any of these tags. Without test_ids and tags, every test of the agent runs. */
            tags?: string[];
            /** @description The agent version to test (default: the published one). */
            version?: number;
            /**
             * @description Runs of each test (1–10): the pass rate is over them.
             * @default 1
             */
            repeat: number;
            /**
             * @description Test conversations at once (1–20).
             * @default 4
             */
            concurrency: number;
        };
        TestRunListResponse: {
            data: components["schemas"]["TestRunSummaryItem"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        TestRunSummaryItem: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            agent_id: string;
            agent_version: number;
            /**
             * @description queued → running → passed (every result passed), failed (one failed), error (one broke, or the run itself could not go on) or cancelled.
             * @enum {string}
             */
            status: "queued" | "running" | "passed" | "failed" | "error" | "cancelled";
            /** @description The tests of the run. */
            test_ids: string[];
            tags: string[];
            repeat: number;
            concurrency: number;
            summary: components["schemas"]["TestRunSummary"];
            /** @description Passed results over finished ones, 0 to 1. */
            pass_rate: number;
            /** @description Per test: its pass rate over its repetitions. */
            tests: components["schemas"]["TestRunTest"][];
            /** @description When the run itself broke (status error). */
            error: string | null;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CampaignResponse: {
            data: components["schemas"]["Campaign"];
            message: string;
            error: null;
            status: number;
        };
        Campaign: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            agent_id: string;
            from_numbers: string[];
            /**
             * @description draft → scheduled (start_at ahead) → running ⇄ paused → completed; or cancelled.
             * @enum {string}
             */
            status: "draft" | "scheduled" | "running" | "paused" | "completed" | "cancelled";
            schedule: {
                start_at: string | null;
                end_at: string | null;
                timezone: string;
                windows: {
                    days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                    start: string;
                    end: string;
                }[];
                recipient_timezone: boolean;
            };
            pacing: {
                max_concurrent_calls: number;
                calls_per_second: number;
            };
            retry: {
                max_attempts: number;
                retry_on: ("no_answer" | "busy" | "failed" | "voicemail")[];
                delay_minutes: number;
            };
            metadata: {
                [key: string]: unknown;
            };
            progress: components["schemas"]["CampaignProgress"];
            started_at: string | null;
            completed_at: string | null;
            created_at: string;
            updated_at: string;
        };
        CampaignProgress: {
            total: number;
            /** @description Not called yet (those waiting for their calling window included). */
            pending: number;
            dialing: number;
            in_progress: number;
            retry_scheduled: number;
            completed: number;
            failed: number;
            skipped_dnc: number;
            cancelled: number;
            calls_placed: number;
            /** @description Extension: of `pending`, those waiting for their calling window to open. */
            scheduled: number;
        };
        CreateCampaignRequest: {
            name: string;
            /**
             * Format: uuid
             * @description An agent of your organization: it speaks on every call.
             */
            agent_id: string;
            /** @description Numbers of your organization the calls come from, used in turn. */
            from_numbers: string[];
            schedule?: components["schemas"]["CampaignScheduleInput"];
            pacing?: components["schemas"]["CampaignPacingInput"];
            retry?: components["schemas"]["CampaignRetryInput"];
            metadata?: {
                [key: string]: unknown;
            };
        };
        CampaignScheduleInput: {
            /**
             * Format: date-time
             * @description No call before this time (default: when started).
             * @example 2026-01-31T12:00:00.000Z
             */
            start_at?: string | null;
            /**
             * Format: date-time
             * @description No call after this time: the campaign completes, contacts not yet called are `cancelled`.
             * @example 2026-01-31T12:00:00.000Z
             */
            end_at?: string | null;
            /**
             * @description IANA zone of the windows when a contact's own zone is not known, or when recipient_timezone is false. Default UTC.
             * @example America/New_York
             */
            timezone?: string;
            /** @description Default: every day 09:00–20:00. */
            windows?: components["schemas"]["CallingWindow"][];
            /** @description true (default): each contact's windows are in its own zone: the `timezone` given with the contact, else the zone of its number (country and area code, from libphonenumber's data), else the campaign's. false: every contact in the campaign's zone. */
            recipient_timezone?: boolean;
        };
        /** @description Local times in the contact's zone: from `start` (inclusive) to `end` (exclusive) on each of `days`. */
        CallingWindow: {
            /**
             * @example [
             *       "mon",
             *       "tue",
             *       "wed",
             *       "thu",
             *       "fri"
             *     ]
             */
            days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
            /** @example 09:00 */
            start: string;
            /** @example 20:00 */
            end: string;
        };
        CampaignPacingInput: {
            /** @description 1 to 1000, default 10: the campaign's calls in progress (ringing included) at most. */
            max_concurrent_calls?: number;
            /** @description 0.1 to 100, default 1: new calls at most this many in any second (and evenly spaced). */
            calls_per_second?: number;
        };
        CampaignRetryInput: {
            /** @description Calls per contact at most, 1 to 10 (default 1: no retry). */
            max_attempts?: number;
            /** @description Outcomes that are tried again while attempts remain (default none): no_answer, busy, failed (could not connect), voicemail. */
            retry_on?: ("no_answer" | "busy" | "failed" | "voicemail")[];
            /** @description Minutes after the call's end, 1 to 10080 (default 60); then at the next moment inside the contact's windows. */
            delay_minutes?: number;
        };
        CampaignList: {
            data: components["schemas"]["Campaign"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        /** @description Only while the campaign is draft, paused, completed or cancelled (else 409). */
        UpdateCampaignRequest: {
            name?: string;
            /** Format: uuid */
            agent_id?: string;
            /** @description Numbers of your organization the calls come from, used in turn. */
            from_numbers?: string[];
            schedule?: components["schemas"]["CampaignScheduleInput"] & unknown;
            pacing?: components["schemas"]["CampaignPacingInput"] & unknown;
            retry?: components["schemas"]["CampaignRetryInput"] & unknown;
            /** @description JSON Merge Patch (RFC 7396) into the current metadata: null removes a key. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        CampaignDeletedResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        StartCampaignResponse: {
            data: components["schemas"]["Campaign"];
            message: string;
            error: null;
            status: number;
        };
        PauseCampaignResponse: {
            data: components["schemas"]["Campaign"];
            message: string;
            error: null;
            status: number;
        };
        ResumeCampaignResponse: {
            data: components["schemas"]["Campaign"];
            message: string;
            error: null;
            status: number;
        };
        CancelCampaignResponse: {
            data: components["schemas"]["Campaign"];
            message: string;
            error: null;
            status: number;
        };
        AddCampaignContactsResponse: {
            data: components["schemas"]["AddCampaignContactsResult"];
            message: string;
            error: null;
            status: number;
        };
        AddCampaignContactsResult: {
            /** @description Contacts added (those on the do-not-call list included, as skipped_dnc). */
            added: number;
            /** @description Rows whose number the campaign (or an earlier row) already had: dropped. */
            duplicates: number;
            rejected: {
                /** @description JSON: the contact's index in `contacts` (from 0). CSV: the row as a spreadsheet numbers it (the header is row 1). */
                row: number;
                /** @example phone_number */
                field: string;
                message: string;
            }[];
            /** @description Extension: of `added`, numbers on the do-not-call list (never called). */
            skipped_dnc: number;
        };
        AddCampaignContactsRequest: {
            contacts: {
                /** @example +14155550123 */
                phone_number: string;
                dynamic_variables_values?: {
                    [key: string]: unknown;
                };
                metadata?: {
                    [key: string]: unknown;
                };
                /** @example America/Los_Angeles */
                timezone?: string;
            }[];
            /** @description Extension: the country of numbers written without a country code (e.g. US for (415) 555-0123). */
            default_country?: string;
        };
        CampaignContactList: {
            data: components["schemas"]["CampaignContact"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        CampaignContact: {
            /** Format: uuid */
            id: string;
            /** @example +14155550123 */
            phone_number: string;
            /** @enum {string} */
            status: "pending" | "scheduled" | "dialing" | "in_progress" | "retry_scheduled" | "completed" | "failed" | "skipped_dnc" | "cancelled";
            attempts: number;
            /** @description When the next call is due (a retry, or the opening of the contact's calling window). */
            next_attempt_at: string | null;
            /** Format: uuid */
            last_call_id: string | null;
            /** @description The last call's end_reason, or `voicemail` when a machine answered. */
            outcome: string | null;
            dynamic_variables_values: {
                [key: string]: unknown;
            };
            metadata: {
                [key: string]: unknown;
            };
            /** @description Extension: the contact's zone (given, or from its number); null: the campaign's. */
            timezone: string | null;
            created_at: string;
            updated_at: string;
        };
        DoNotCallList: {
            data: components["schemas"]["DoNotCallEntry"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        DoNotCallEntry: {
            /** Format: uuid */
            id: string;
            /**
             * @description E.164; null for an erased person's entry (extension: see `erased`).
             * @example +14155550123
             */
            phone_number: string | null;
            /** @description Extension. The person's data was erased (`POST /v1/data-erasure`): the entry keeps only a keyed hash of the number, so calls to it are still refused, and shows no number, reason or call. Remove it by its number or by its id. */
            erased: boolean;
            reason: string | null;
            /**
             * @description api, studio, agent (the callee asked during a call: the add_to_do_not_call tool), or erasure (extension: made by a data erasure).
             * @enum {string}
             */
            source: "api" | "studio" | "agent" | "erasure";
            /**
             * Format: uuid
             * @description The call in which the callee asked, for source agent.
             */
            call_id: string | null;
            created_at: string;
        };
        AddDoNotCallResponse: {
            data: components["schemas"]["AddDoNotCallResult"];
            message: string;
            error: null;
            status: number;
        };
        AddDoNotCallResult: {
            /** @description Numbers newly listed. */
            added: number;
            already_listed: number;
            /** @description The entries of every number sent. */
            entries: components["schemas"]["DoNotCallEntry"][];
        };
        AddDoNotCallRequest: {
            /**
             * @description Numbers in international form (+…); normalised to E.164.
             * @example [
             *       "+14155550123"
             *     ]
             */
            phone_numbers: string[];
            reason?: string;
        };
        RemoveDoNotCallResponse: {
            data: null;
            message: string;
            error: null;
            status: number;
        };
        ConcurrencyResponse: {
            data: components["schemas"]["Concurrency"];
            message: string;
            error: null;
            status: number;
        };
        Concurrency: {
            /** @description Phone calls of the organization in progress at once (ringing included), at most. */
            limit: number;
            in_use: number;
            /** @description Of `limit`, slots only inbound calls may take: outbound calls stop at `limit − inbound_reserved`. */
            inbound_reserved: number;
            outbound_in_use: number;
            inbound_in_use: number;
            by_campaign: {
                /** Format: uuid */
                campaign_id: string;
                name: string;
                status: string;
                in_use: number;
                max_concurrent_calls: number;
            }[];
        };
        UpdateConcurrencyRequest: {
            limit?: number;
            /** @description 0 to limit. */
            inbound_reserved?: number;
        };
        AuditEntryListResponse: {
            data: components["schemas"]["AuditEntry"][];
            message: string;
            error: null;
            status: number;
            /** @description Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). It is the ISO 8601 time of the last record; when that record shares its time with the next one it is followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged. */
            next_cursor: string | null;
            /** @description Page mode only; null in cursor mode. */
            current_page: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_pages: number | null;
            /** @description Page mode only; null in cursor mode. */
            total_items: number | null;
        };
        AuditEntry: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description When the change was made (ISO 8601, UTC, milliseconds).
             * @example 2026-01-31T12:00:00.000Z
             */
            at: string;
            /** Format: uuid */
            organization_id: string;
            actor: components["schemas"]["AuditActor"];
            /**
             * @description `<resource>.<verb>`, e.g. agent.updated, api_key.created, member.role_changed, data.erased.
             * @example agent.updated
             */
            action: string;
            /** @example agent */
            resource_type: string;
            /** @description The resource's id (a UUID, or a carrier's name); null for organization-wide actions. */
            resource_id: string | null;
            /** @description What changed, field by field (nested fields as dotted paths): `{field: {from, to}}`. Secrets read "[redacted]". */
            changes: {
                [key: string]: components["schemas"]["AuditChange"];
            };
            /** @description The request's X-Request-Id (also in its response); null outside a request. */
            request_id: string | null;
            /** @description The client's address; null outside a request. */
            ip: string | null;
            user_agent: string | null;
            /** @description Extension: hex SHA-256 of `previous_hash` followed by this entry's canonical JSON (the fields above, keys sorted, no spaces). */
            hash: string;
            /** @description Extension: the hash of the organization's previous entry (64 zeros for the first). */
            previous_hash: string;
        };
        AuditActor: {
            /**
             * @description `user` (a person in the studio, or signing in), `api_key` (a request with one of your API keys), `admin_cli` (the operator's `npm run admin`), `system` (the service itself: jobs such as retention).
             * @enum {string}
             */
            type: "user" | "api_key" | "system" | "admin_cli";
            /** @description The user's or API key's id; null for the admin CLI and the system. */
            id: string | null;
            /**
             * @description The user's email, the key's prefix, or what the system or CLI was doing.
             * @example ada@example.com
             */
            label: string;
        };
        AuditChange: {
            /** @description The value before (null when created). */
            from?: unknown;
            /** @description The value after (null when deleted). */
            to?: unknown;
        };
        AuditVerificationResponse: {
            data: components["schemas"]["AuditVerification"];
            message: string;
            error: null;
            status: number;
        };
        AuditVerification: {
            /** @description True when every entry's hash matches its content and links to the entry before it. */
            valid: boolean;
            /** @description How many entries were checked (the whole log kept for your organization). */
            entries: number;
            /**
             * Format: uuid
             * @description The first entry (oldest first) whose content or link does not match: changed, or following a removed entry. Null when valid.
             */
            first_broken_id: string | null;
        };
        AuditSettingsResponse: {
            data: components["schemas"]["AuditSettings"];
            message: string;
            error: null;
            status: number;
        };
        AuditSettings: {
            /** @description Entries older than this many days are removed by the daily retention job (default 365, at least 30). */
            audit_retention_days: number;
        };
        UpdatedAuditSettingsResponse: {
            data: components["schemas"]["AuditSettings"];
            message: string;
            error: null;
            status: number;
        };
        UpdateAuditSettingsRequest: {
            audit_retention_days: number;
        };
        DataErasureResponse: {
            data: components["schemas"]["DataErasureResult"];
            message: string;
            error: null;
            status: number;
        };
        DataErasureResult: {
            /** @description Calls deleted (with their transcripts, variable values, answers, events and webhook deliveries). */
            calls_deleted: number;
            /** @description Recordings deleted from storage. */
            recordings_deleted: number;
            /** @description Extension. Campaign contacts with the number deleted (with their variables and metadata), in every campaign. */
            contacts_deleted: number;
            /**
             * @description Extension. `suppressed`: the number's do-not-call entry keeps only its keyed hash; `removed`: its entry was deleted; `not_listed`: it had none and none was made.
             * @enum {string}
             */
            do_not_call: "suppressed" | "removed" | "not_listed";
        };
        DataErasureRequest: {
            /**
             * @description The person's number, E.164: every call with it on either side is deleted, and every campaign contact with it.
             * @example +14155550123
             */
            phone_number: string;
            /**
             * @description Extension. `suppress` (default): the number stays on (or joins) the do-not-call list as a keyed hash only, so the person is never called again yet is found by no one; `remove`: its do-not-call entry goes too, for a person who asks for that (nothing then stops a later list from calling them).
             * @enum {string}
             */
            do_not_call?: "suppress" | "remove";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    startWebCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartWebCallRequest"];
            };
        };
        responses: {
            /** @description Web call started */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartWebCallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This instance is shutting down (graceful restart), or this server process is at capacity (Extension: its event loop or audio pacing runs late, or it holds LOAD_MAX_LIVE_CALLS calls): retry after `Retry-After` seconds; the calls it has are not affected */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    streamWebCallEvents: {
        parameters: {
            query?: {
                /** @description Replay only events after this event id (as Last-Event-ID). */
                after?: number | null;
                /** @description The session token, for clients that cannot send Authorization (EventSource). */
                session_token?: string;
            };
            header?: never;
            path: {
                /** @description The web call's id */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    sendWebCallTurn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The web call's id */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallerTurnRequest"];
            };
        };
        responses: {
            /** @description The reply, streamed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    hangUpWebCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The web call's id */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Hung up (data is null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HangUpWebCallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCalls: {
        parameters: {
            query?: {
                /** @description Only calls handled by this agent. */
                agent_id?: string;
                /** @description Only calls of this type. */
                call_type?: "phone_call" | "web_call";
                /** @description E.164 (URL-encode the + as %2B). */
                from_number?: string;
                /** @description E.164 (URL-encode the + as %2B). */
                to_number?: string;
                /** @description Calls whose start_time is after this. */
                start_time_gt?: string;
                /** @description Calls whose start_time is before this. */
                start_time_lt?: string;
                /** @description **Extension**: only calls in this status. */
                status?: "created" | "ringing" | "in_progress" | "ended" | "failed";
                /** @description **Extension**: only calls that ended for this reason. */
                end_reason?: "completed" | "agent_hangup" | "user_hangup" | "max_duration" | "terminated" | "no_answer" | "busy" | "no_telephony_provider" | "error" | "failed" | "transferred" | "server_shutdown";
                /** @description **Extension**: only calls answered by a human, a voicemail, or unknown. */
                answer_type?: "human" | "voicemail" | "unknown";
                /** @description **Extension**: only phone calls carried by `twilio` or `telnyx`. */
                carrier?: "twilio" | "telnyx";
                /** @description **Extension**: only analysed calls whose `analysis.success.verdict` is this (`success`, `failure` or `unknown`). */
                success?: "success" | "failure" | "unknown";
                /** @description **Extension**: only analysed calls whose `analysis.sentiment` is this (`positive`, `neutral` or `negative`). */
                sentiment?: "positive" | "neutral" | "negative";
                /** @description **Extension**: only calls handled by this version of their agent (with `agent_id`: of that agent). */
                agent_version?: number;
                /** @description **Extension**: only calls placed by this campaign. */
                campaign_id?: string;
                /** @description **Extension**: only calls whose transcript (both sides) contains these words: Postgres full-text search in English (stemmed, so "booking" finds "booked"), web-search syntax ("a phrase", -word, or). Indexed (GIN). */
                search?: string;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
                /** @description 1-indexed page number (page mode only). A page past the end is empty. */
                page?: number;
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description true (default) for cursor paging, false for page paging. */
                use_cursor?: boolean;
                /** @description Include transcript and transcript_string. */
                include_transcript?: boolean;
                /** @description Include variable_values. */
                include_variable_values?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Calls retrieved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallList"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    countCalls: {
        parameters: {
            query?: {
                /** @description Only calls handled by this agent. */
                agent_id?: string;
                /** @description Only calls of this type. */
                call_type?: "phone_call" | "web_call";
                /** @description E.164 (URL-encode the + as %2B). */
                from_number?: string;
                /** @description E.164 (URL-encode the + as %2B). */
                to_number?: string;
                /** @description Calls whose start_time is after this. */
                start_time_gt?: string;
                /** @description Calls whose start_time is before this. */
                start_time_lt?: string;
                /** @description **Extension**: only calls in this status. */
                status?: "created" | "ringing" | "in_progress" | "ended" | "failed";
                /** @description **Extension**: only calls that ended for this reason. */
                end_reason?: "completed" | "agent_hangup" | "user_hangup" | "max_duration" | "terminated" | "no_answer" | "busy" | "no_telephony_provider" | "error" | "failed" | "transferred" | "server_shutdown";
                /** @description **Extension**: only calls answered by a human, a voicemail, or unknown. */
                answer_type?: "human" | "voicemail" | "unknown";
                /** @description **Extension**: only phone calls carried by `twilio` or `telnyx`. */
                carrier?: "twilio" | "telnyx";
                /** @description **Extension**: only analysed calls whose `analysis.success.verdict` is this (`success`, `failure` or `unknown`). */
                success?: "success" | "failure" | "unknown";
                /** @description **Extension**: only analysed calls whose `analysis.sentiment` is this (`positive`, `neutral` or `negative`). */
                sentiment?: "positive" | "neutral" | "negative";
                /** @description **Extension**: only calls handled by this version of their agent (with `agent_id`: of that agent). */
                agent_version?: number;
                /** @description **Extension**: only calls placed by this campaign. */
                campaign_id?: string;
                /** @description **Extension**: only calls whose transcript (both sides) contains these words: Postgres full-text search in English (stemmed, so "booking" finds "booked"), web-search syntax ("a phrase", -word, or). Indexed (GIN). */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallCountResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The call's id */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The call's id */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (empty body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCallMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The call's id */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCallMetadataRequest"];
            };
        };
        responses: {
            /** @description The updated call */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedCallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    terminateCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The call's id */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Terminated (data is null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TerminateCallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    startPhoneCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Idempotency-Key: optional, any unique string up to 255 characters (header names are case-insensitive). */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartPhoneCallRequest"];
            };
        };
        responses: {
            /** @description Call started */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartPhoneCallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description This instance is shutting down (graceful restart): retry after `Retry-After` seconds, another instance answers */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listPhoneNumbers: {
        parameters: {
            query?: {
                /** @description 1-indexed page number (page mode only). A page past the end is empty. */
                page?: number;
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description true selects cursor paging (`cursor`, `next_cursor`); false (default) selects page paging. */
                use_cursor?: boolean;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Phone numbers of your organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createPhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePhoneNumberRequest"];
            };
        };
        responses: {
            /** @description The registered number */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Phone number id */
                phone_number_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The phone number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deletePhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Phone number id */
                phone_number_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; `data` is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberDeletedResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updatePhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Phone number id */
                phone_number_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePhoneNumberRequest"];
            };
        };
        responses: {
            /** @description The updated phone number */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneNumberResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: {
                /** @description 1-indexed page number (page mode only). A page past the end is empty. */
                page?: number;
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description true selects cursor paging (`cursor`, `next_cursor`); false (default) selects page paging. */
                use_cursor?: boolean;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Agents of your organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentRequest"];
            };
        };
        responses: {
            /** @description The created agent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAgent: {
        parameters: {
            query?: {
                /** @description A version number; the latest published version when omitted. */
                version?: number;
            };
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (data is null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAgentResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAgentRequest"];
            };
        };
        responses: {
            /** @description The new version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAgentVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentVersionsResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listKnowledgeBases: {
        parameters: {
            query?: {
                /** @description 1-indexed page number (page mode only). A page past the end is empty. */
                page?: number;
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description true selects cursor paging (`cursor`, `next_cursor`); false (default) selects page paging. */
                use_cursor?: boolean;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Knowledge bases of your organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateKnowledgeBaseRequest"];
            };
        };
        responses: {
            /** @description The new knowledge base */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Knowledge base id */
                knowledge_base_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The knowledge base */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Knowledge base id */
                knowledge_base_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; `data` is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseDeletedResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    renameKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Knowledge base id */
                knowledge_base_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateKnowledgeBaseRequest"];
            };
        };
        responses: {
            /** @description The renamed knowledge base */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addKnowledgeBaseSources: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Knowledge base id */
                knowledge_base_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description PDF files. Send each as a part named `file_sources.<index>.items` (as the specification does) or simply `file_sources` (repeated). A file is accepted only when its content starts with `%PDF-`, whatever its name or type. */
                    file_sources?: string[];
                    /**
                     * @description JSON string holding an array of `{title, content}` objects, e.g. `[{"title":"Hours","content":"Open 9 to 5"}]`.
                     * @example [{"title":"Opening hours","content":"We are open every day from 9 am to 10 pm."}]
                     */
                    text_sources?: string;
                };
            };
        };
        responses: {
            /** @description The updated knowledge base */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A file, a text or the whole request is over its limit; `details` names each part */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not multipart/form-data, or a file that is not a PDF; `details` names each part */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteKnowledgeBaseSources: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Knowledge base id */
                knowledge_base_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteKnowledgeBaseSourcesRequest"];
            };
        };
        responses: {
            /** @description The updated knowledge base */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    searchKnowledgeBase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Knowledge base id */
                knowledge_base_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchKnowledgeBaseRequest"];
            };
        };
        responses: {
            /** @description Matching chunks, best first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KnowledgeBaseSearchResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listPostCallQuestions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The questions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCallQuestionListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createPostCallQuestions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostCallQuestionBatch"];
            };
        };
        responses: {
            /** @description The created questions, in the order sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCallQuestionListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    upsertPostCallQuestions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostCallQuestionBatch"];
            };
        };
        responses: {
            /** @description What was created, updated and refused */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCallQuestionUpsertResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPostCallQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
                /** @description The question's id */
                question_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The question */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCallQuestionResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deletePostCallQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
                /** @description The question's id */
                question_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; `data` is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCallQuestionDeletedResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    activatePostCallQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
                /** @description The question's id */
                question_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The question */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCallQuestionResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deactivatePostCallQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
                /** @description The question's id */
                question_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The question */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCallQuestionResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
                /** @description Only deliveries in this state. */
                status?: "pending" | "delivered" | "failed";
                /** @description Only deliveries of this event type. */
                event?: "event_variable_value_updated" | "event_all_variables_resolved";
                /** @description Only deliveries of this call. */
                call_id?: string;
                /** @description Only deliveries of this agent's calls. */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries of your organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (its `webhook-id`). */
                webhook_delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id (its `webhook-id`). */
                webhook_delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, pending its new attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signing secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecretRequest"];
            };
        };
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The price table */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updatePricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePricingRequest"];
            };
        };
        responses: {
            /** @description The updated price table */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listLlmModels: {
        parameters: {
            query: {
                /** @description The agent's `llm.provider`. */
                provider: "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LlmModelListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listVoices: {
        parameters: {
            query: {
                /** @description The agent's `voice.provider` (openai_realtime: a speech-to-speech agent's voices). */
                provider: "openai" | "openai_compatible" | "azure" | "elevenlabs" | "cartesia" | "deepgram" | "browser" | "openai_realtime";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The voices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoiceListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    previewVoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoicePreviewRequest"];
            };
        };
        responses: {
            /** @description The sentence, spoken */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/wav": string;
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The provider did not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoicePreviewUnavailableResponse"];
                };
            };
        };
    };
    listSpeechProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpeechProvidersResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAnalyticsSummary: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Call totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsSummaryResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCallsPerDay: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Calls and cost per day */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsCallsPerDayResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getDurationHistogram: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Duration histogram */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsDurationHistogramResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCostPerAgent: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cost per agent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsCostPerAgentResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPostCallAnswerBreakdown: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Post-call answer breakdown */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsPostCallAnswersResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsUsageResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getDashboard: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dashboard */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsDashboardResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getQualityAnalytics: {
        parameters: {
            query?: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description Only this agent's calls (an agent of your organization, or a deleted one whose calls remain). */
                agent_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Call quality per day and per agent version */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsQualityResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    compareAgentVersions: {
        parameters: {
            query: {
                /** @description Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`. */
                from?: string;
                /** @description End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). Default: the end of today in `timezone`. At most 366 days after `from`. */
                to?: string;
                /** @description IANA time zone that dates and days are counted in (default UTC). */
                timezone?: string;
                /** @description The agent whose versions are compared (required). */
                agent_id: string;
                /** @description Two to 10 versions of the agent, comma-separated, in the order to show them. */
                versions: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions side by side */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsVersionsResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listTelephonyProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Both carriers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelephonyProviderListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getTelephonyProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `twilio` or `telnyx`. */
                carrier: "twilio" | "telnyx";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The carrier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelephonyProviderResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    connectTelephonyProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `twilio` or `telnyx`. */
                carrier: "twilio" | "telnyx";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TelephonyProviderCredentials"];
            };
        };
        responses: {
            /** @description The connected carrier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelephonyProviderResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    disconnectTelephonyProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `twilio` or `telnyx`. */
                carrier: "twilio" | "telnyx";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelephonyProviderDeletedResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    testTelephonyProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `twilio` or `telnyx`. */
                carrier: "twilio" | "telnyx";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check's result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelephonyCredentialCheckResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCarrierNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `twilio` or `telnyx`. */
                carrier: "twilio" | "telnyx";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's numbers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarrierNumberListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    importCarrierNumbers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `twilio` or `telnyx`. */
                carrier: "twilio" | "telnyx";
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ImportCarrierNumbersRequest"];
            };
        };
        responses: {
            /** @description The imported numbers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedPhoneNumbersResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    reanalyzeAgentCalls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ReanalyzeRequest"];
            };
        };
        responses: {
            /** @description The re-run is queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReanalyzeResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAnalysisJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The re-run's id (`job_id` from POST /v1/agents/{agent_id}/reanalyze) */
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The re-run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalysisJobResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAgentTests: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
                /** @description Only tests with this tag. */
                tag?: string;
            };
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent's tests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentTestListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createAgentTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentTestRequest"];
            };
        };
        responses: {
            /** @description The created test */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentTestResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAgentTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
                /** @description The test's id */
                test_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentTestResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteAgentTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
                /** @description The test's id */
                test_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (data is null) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAgentTestResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateAgentTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
                /** @description The test's id */
                test_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAgentTestRequest"];
            };
        };
        responses: {
            /** @description The updated test */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentTestResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listTestRuns: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
                /** @description Only runs of this agent version. */
                version?: number;
            };
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agent's runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRunListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createTestRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agent's id */
                agent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTestRunRequest"];
            };
        };
        responses: {
            /** @description The queued run */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRunResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getTestRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRunResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    cancelTestRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id */
                run_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestRunResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                /** @description Only campaigns in this status. */
                status?: "draft" | "scheduled" | "running" | "paused" | "completed" | "cancelled";
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Campaigns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignList"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCampaignRequest"];
            };
        };
        responses: {
            /** @description The new campaign */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    deleteCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; data is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignDeletedResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCampaignRequest"];
            };
        };
        responses: {
            /** @description The updated campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    startCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartCampaignResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    pauseCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PauseCampaignResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    resumeCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResumeCampaignResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    cancelCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelCampaignResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listCampaignContacts: {
        parameters: {
            query?: {
                /** @description Only contacts in this status. */
                status?: "pending" | "scheduled" | "dialing" | "in_progress" | "retry_scheduled" | "completed" | "failed" | "skipped_dnc" | "cancelled";
                /** @description Only contacts whose last call ended so (an end_reason, or voicemail). */
                outcome?: "completed" | "agent_hangup" | "user_hangup" | "max_duration" | "terminated" | "no_answer" | "busy" | "no_telephony_provider" | "error" | "failed" | "transferred" | "server_shutdown" | "voicemail";
                /** @description The `next_cursor` of the previous page (contacts page in import order). */
                cursor?: string;
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Contacts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CampaignContactList"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addCampaignContacts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The campaign's id */
                campaign_id: string;
            };
            cookie?: never;
        };
        /** @description Required: JSON contacts, or a CSV file as multipart/form-data. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AddCampaignContactsRequest"];
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A CSV file (UTF-8, comma-separated, a header row; at most 100,000 rows): a `phone_number` column, optional `timezone` and `metadata.<key>` columns, every other column a dynamic variable.
                     */
                    file: string;
                    /** @description Extension: JSON object renaming columns before they are read, e.g. {"Mobile": "phone_number", "First name": "first_name", "Notes": ""} ("" ignores a column). */
                    column_mapping?: string;
                    /** @description Extension: as in the JSON body. */
                    default_country?: string;
                };
            };
        };
        responses: {
            /** @description What was added, dropped and rejected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddCampaignContactsResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflict with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listDoNotCall: {
        parameters: {
            query?: {
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Listed numbers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DoNotCallList"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addDoNotCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddDoNotCallRequest"];
            };
        };
        responses: {
            /** @description Listed */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddDoNotCallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    removeDoNotCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listed number, E.164 (`+` URL-encoded as %2B, or left out); or (extension) the entry's id, which also names an erased person's entry. */
                phone_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; data is null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RemoveDoNotCallResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getConcurrency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Limit and slots in use */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConcurrencyResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateConcurrency: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateConcurrencyRequest"];
            };
        };
        responses: {
            /** @description The new settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConcurrencyResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 1000 (default 50). */
                limit?: number;
                /** @description Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned. */
                cursor?: string;
                /** @description Only entries by this user or API key id. */
                actor_id?: string;
                /** @description Only this action (`agent.updated`), or every action of a resource type when no dot (`agent`). */
                action?: string;
                /** @description Only entries about this kind of resource. */
                resource_type?: string;
                /** @description Only entries about this resource. */
                resource_id?: string;
                /** @description Only entries at or after this time. */
                from?: string;
                /** @description Only entries before this time. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries of your organization */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryListResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description `permission_error`: the API key's creator (or the studio's user) is not an owner or admin of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    verifyAuditLog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditVerificationResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description `permission_error`: the API key's creator (or the studio's user) is not an owner or admin of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getAuditLogSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditSettingsResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description `permission_error`: the API key's creator (or the studio's user) is not an owner or admin of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    updateAuditLogSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAuditSettingsRequest"];
            };
        };
        responses: {
            /** @description The new settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedAuditSettingsResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description `permission_error`: the API key's creator (or the studio's user) is not an owner or admin of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    eraseDataByPhoneNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DataErasureRequest"];
            };
        };
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataErasureResponse"];
                };
            };
            /** @description Invalid request: `error.details` names each offending field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description `permission_error`: the API key's creator (or the studio's user) is not an owner or admin of the organization */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found (also for another organization's resources and non-UUID ids) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Rate limit exceeded; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected error; the body carries a request id, never internals */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
