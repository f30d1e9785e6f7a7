import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { statusForErrorCode, type ErrorCode } from '@app/contract';
import { AppError } from '../lib/app-error.ts';
import { ERROR_ONLY_SECURITY_HEADERS, setRouterErrorHeaders } from './security.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The message of this route's 400 when its input fails validation, where the spec fixes it
     * (the newsletter's 'Please enter a valid email', §5 and §8); `fields` still names each field.
     * Without it the message names the first field: "Please check email: …".
     */
    validationMessage?: string;
  }
}

/**
 * The one place that turns errors into the failure envelope. Expected outcomes carry a code
 * from the contract; client mistakes Fastify detects (bad JSON, too large, wrong media type)
 * get a 4xx with a sentence a person understands; anything else is logged with the request id
 * and answered as a generic 500 so no internals leak.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, request, error.code, error.message, { fields: error.fields, extra: error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        // instancePath is "/field/sub"; the whole body or query failing has an empty path.
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'body');
        (fields[key] ??= []).push(issue.message ?? 'is not valid');
      }
      const first = Object.entries(fields)[0];
      const message = request.routeOptions.config?.validationMessage ?? (first ? `Please check ${first[0]}: ${first[1][0]}` : 'The request is not valid');
      return send(reply, request, 'VALIDATION_FAILED', message, { fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return send(reply, request, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
    }
    const clientError = describeClientError(error);
    if (clientError) return send(reply, request, clientError.code, clientError.message);

    // Safety net: PostgreSQL "data exception" errors (class 22: bad encoding, out-of-range
    // numbers) are caused by input the schemas let through. Refuse it; log it to tighten them.
    const sqlState = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      request.log.warn({ err: error }, 'input refused by the database');
      return send(reply, request, 'VALIDATION_FAILED', 'Some of the input could not be stored. Please check it and try again.');
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  });
}

function describeClientError(error: FastifyError): { code: ErrorCode; message: string } | undefined {
  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'VALIDATION_FAILED', message: 'The request body is empty; send a JSON object' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' };
  }
  if ((error as { code?: string }).code === 'RATE_LIMITED' || status === 429) {
    return { code: 'RATE_LIMITED', message: error.message || 'Too many requests. Please wait a moment and try again.' };
  }
  if (error instanceof SyntaxError && status === 400) return { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON' };
  if (status === 404) return { code: 'NOT_FOUND', message: error.message || 'Not found' };
  if (status === 413) return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' };
  if (status === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' };
  if (status >= 400 && status < 500) return { code: 'VALIDATION_FAILED', message: error.message || 'The request is not valid' };
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: failures found before routing (a badly encoded URL, a path
 * parameter over maxParamLength). They get the envelope, the security headers and the request
 * id like every other answer, and the message never repeats the (unbounded) path.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  setRouterErrorHeaders(request, reply);
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, request, 'VALIDATION_FAILED', 'The address is not valid: it contains a badly encoded character');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, request, 'URI_TOO_LONG', 'The address is too long: a part of it has more characters than allowed');
  request.log.error({ err: error }, 'router error');
  return send(reply, request, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser cannot read (malformed request line,
 * headers over the size limit, too slow). There is no request object, so the answer is written to
 * the socket by hand, still as the envelope with the security headers and a request id.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message]: [ErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['REQUEST_TIMEOUT', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['HEADERS_TOO_LARGE', 'The request headers are too large']
        : ['VALIDATION_FAILED', 'The request could not be read: it is not valid HTTP'];
  const requestId = randomUUID();
  this.log.debug({ err: error, requestId }, 'unreadable request');
  if (socket.writable) {
    const status = statusForErrorCode(code);
    const body = JSON.stringify({ success: false, message, code, requestId });
    const headers = { ...ERROR_ONLY_SECURITY_HEADERS, 'x-request-id': requestId, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

export function send(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  options: { fields?: Record<string, string[]>; extra?: Record<string, unknown> } = {},
) {
  return reply.status(statusForErrorCode(code)).send({
    success: false,
    message,
    code,
    requestId: request.id,
    ...(options.fields ? { fields: options.fields } : {}),
    ...options.extra,
  });
}
