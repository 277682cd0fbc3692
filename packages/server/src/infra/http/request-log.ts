import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A read slower than this is worth an operator's attention even when it succeeded. */
const SLOW_MS = 1_000;

/**
 * Fastify's request lines, with successful reads moved down to `debug`: at the default `info`
 * level every GET wrote two JSON lines, some 5 % of the server's time under load (bench/README.md).
 * Errors, failed answers (4xx, 5xx), every change (POST, PUT, PATCH, DELETE) and slow reads are
 * still logged at `info` or above; LOG_LEVEL=debug brings back every line.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const routine = READS.has(request.method) && reply.statusCode < 400 && reply.elapsedTime < SLOW_MS;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (routine) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
