// Sends a request in a client transaction and answers digest challenges (401/407): each new
// challenge is answered once with a rebuilt request (new CSeq, new branch); a repeated one ends it.

import type { ClientTransaction } from "./client-transaction";
import { authorizationHeader, pickChallenge, type DigestCredentials } from "./digest";
import { getHeaders, type SipRequest, type SipResponse } from "./message";
import type { TransactionLayer } from "./transaction-layer";
import type { SipEndpoint } from "./transport";

export type RequestResult = { kind: "response"; response: SipResponse } | { kind: "failure"; status: 408 | 503; reason: string };

export type AuthenticatedRequestOptions = {
  /** Builds the request for each attempt (the caller gives it a fresh CSeq). */
  build: () => SipRequest;
  destination: SipEndpoint;
  credentials?: DigestCredentials;
  onProvisional?: (response: SipResponse) => void;
  /** Each attempt's transaction, for CANCEL. */
  onTransaction?: (transaction: ClientTransaction, request: SipRequest) => void;
  /** A 2xx retransmission (or a 2xx from another fork) after the first final response. */
  onLateSuccess?: (response: SipResponse) => void;
  /** When true, a challenge is not answered (the request was given up, e.g. a call canceled meanwhile). */
  abandoned?: () => boolean;
};

const MAX_ATTEMPTS = 4;

export function sendAuthenticated(layer: TransactionLayer, options: AuthenticatedRequestOptions): Promise<RequestResult> {
  const answered = new Set<string>();
  const nonceCounts = new Map<string, number>();
  return new Promise((resolve) => {
    let settled = false;
    const attempt = (authorization: { name: string; value: string } | undefined, count: number) => {
      const request = options.build();
      if (authorization) request.headers.push(authorization);
      let finished = false;
      const transaction = layer.sendRequest(request, options.destination, {
        onResponse: (response) => {
          if (response.status < 200) {
            if (!finished) options.onProvisional?.(response);
            return;
          }
          if (finished) {
            if (response.status < 300) options.onLateSuccess?.(response);
            return;
          }
          finished = true;
          const next = (response.status === 401 || response.status === 407) && count < MAX_ATTEMPTS ? answer(request, response) : undefined;
          if (next) attempt(next, count + 1);
          else settle({ kind: "response", response });
        },
        onFailure: (status, reason) => {
          if (finished) return;
          finished = true;
          settle({ kind: "failure", status, reason });
        },
      });
      options.onTransaction?.(transaction, request);
    };
    const answer = (request: SipRequest, response: SipResponse) => {
      if (!options.credentials || options.abandoned?.()) return undefined;
      const proxy = response.status === 407;
      const challenge = pickChallenge(getHeaders(response, proxy ? "Proxy-Authenticate" : "WWW-Authenticate"));
      if (!challenge) return undefined;
      const id = `${challenge.realm}|${challenge.nonce}`;
      if (answered.has(id)) return undefined; // the same challenge again: the credentials are wrong
      answered.add(id);
      const nonceCount = (nonceCounts.get(challenge.nonce) ?? 0) + 1;
      nonceCounts.set(challenge.nonce, nonceCount);
      const value = authorizationHeader({ challenge, credentials: options.credentials, method: request.method, uri: request.uri, nonceCount });
      return { name: proxy ? "Proxy-Authorization" : "Authorization", value };
    };
    const settle = (result: RequestResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    attempt(undefined, 1);
  });
}
