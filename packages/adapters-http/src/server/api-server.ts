import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { answerClientErrors } from './client-errors.js';
import { capConnections } from './connection-cap.js';
import { followAnswers } from './in-flight-answers.js';
import { closeEveryAnswerInStages, isClosing } from './staged-close.js';

/** Above a load balancer's idle timeout (60 s by default on AWS ALB, GCP and nginx's upstream keep-alive). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long a client may take over a request, and how many connections it may hold (HTTP_* variables). */
export interface HttpServerLimits {
  /** The request line and headers must arrive within this, from their first byte; else 408. */
  readonly headersTimeoutMs: number;
  /** A body must arrive within this once the headers are in (bodyDeadline); else 408. */
  readonly bodyTimeoutMs: number;
  /** Connections open at once from one client address (an IPv6 /64); 0: no cap. */
  readonly connectionsPerClient: number;
}

export const DEFAULT_HTTP_LIMITS: HttpServerLimits = {
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  connectionsPerClient: 128,
};

/** Beyond the two deadlines: Node's whole-request deadline, the last word on a body nobody reads in time. */
const REQUEST_DEADLINE_SLACK_MS = 5_000;

/**
 * The API's HTTP server: `app` behind the limits, every refusal in the envelope and read by the client before the
 * connection closes. Node checks its deadlines every `connectionsCheckingInterval` (30 s unless told), which would
 * let a deadline of seconds run half a minute over: it checks four times per shortest deadline, at most every 1 s
 * (docs/decisions/0020-refusals-reach-the-client.md).
 */
export function createApiServer(
  app: (req: IncomingMessage, res: ServerResponse) => void,
  limits: HttpServerLimits = DEFAULT_HTTP_LIMITS,
): Server {
  const shortest = Math.min(limits.headersTimeoutMs, limits.bodyTimeoutMs);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.headersTimeoutMs + limits.bodyTimeoutMs + REQUEST_DEADLINE_SLACK_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(shortest / 4))),
    },
    // A connection being closed has had its answer: a request Node still parses on it is not served.
    (req, res) => {
      if (!isClosing(req.socket)) app(req, res);
    },
  );
  const answers = followAnswers(server);
  server.on('connection', closeEveryAnswerInStages);
  capConnections(server, limits.connectionsPerClient);
  answerClientErrors(server, answers);
  return server;
}
