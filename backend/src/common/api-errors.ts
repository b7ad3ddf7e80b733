import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import { ValidationError } from 'class-validator';
import { QueryFailedError } from 'typeorm';
import { ApiErrorBody, DomainErrorCode, RequestMessages } from '@memory-wall/contracts';
import { DomainError } from '@memory-wall/core';

/** A 429 that tells the client when to come back (sent as Retry-After). */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** An error body stays small whatever the request held: a body of 150,000 unknown keys gets a few lines. */
export const MAX_ERROR_FIELDS = 20;
export const MAX_ERROR_TEXT = 200;

const bounded = (text: string) => (text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT - 1)}…` : text);

/**
 * Flattens class-validator errors into { field: message }, nested fields as `a.b`, at most MAX_ERROR_FIELDS
 * of them. class-validator lists a property's constraints bottom-up, so the last one is the top-most
 * decorator: the field's main rule.
 */
export function fieldMessages(
  errors: ValidationError[],
  parent = '',
  fields: Record<string, string> = {},
): Record<string, string> {
  for (const error of errors) {
    if (Object.keys(fields).length >= MAX_ERROR_FIELDS) break;
    const path = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length) fields[bounded(path)] = bounded(messages[messages.length - 1]);
    fieldMessages(error.children ?? [], path, fields);
  }
  return fields;
}

/** The validation pipe's 400: the first field's message, and every field's. */
export function validationException(errors: ValidationError[]) {
  const fields = fieldMessages(errors);
  return new BadRequestException({ message: Object.values(fields)[0] ?? RequestMessages.invalidRequest, fields });
}

/** The same refusal raised by domain code that validates a shape itself (a multipart form's fields). */
export function validationError(errors: ValidationError[]): DomainError {
  const fields = fieldMessages(errors);
  return new DomainError(DomainErrorCode.Invalid, Object.values(fields)[0] ?? RequestMessages.invalidRequest, fields);
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON: RequestMessages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: RequestMessages.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: RequestMessages.bodyTooLarge,
};

const fastifyMessage = (error: unknown): string | undefined =>
  FASTIFY_MESSAGES[(error as { code?: unknown } | undefined)?.code as string];

/** The one place where a domain refusal gets its HTTP status. */
const STATUS_OF: Record<DomainErrorCode, HttpStatus> = {
  [DomainErrorCode.Invalid]: HttpStatus.BAD_REQUEST,
  [DomainErrorCode.Unauthenticated]: HttpStatus.UNAUTHORIZED,
  [DomainErrorCode.NotEnoughCredits]: HttpStatus.PAYMENT_REQUIRED,
  [DomainErrorCode.Forbidden]: HttpStatus.FORBIDDEN,
  [DomainErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [DomainErrorCode.Conflict]: HttpStatus.CONFLICT,
  [DomainErrorCode.TooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
  [DomainErrorCode.Unprocessable]: HttpStatus.UNPROCESSABLE_ENTITY,
  [DomainErrorCode.UpstreamFailed]: HttpStatus.BAD_GATEWAY,
  [DomainErrorCode.Unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
};

/** A domain refusal as the HTTP exception that answers it: its code's status, its message and fields. */
export function toHttpException(error: DomainError): HttpException {
  const body = { message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  return new HttpException(body, STATUS_OF[error.code], { cause: error });
}

/** Maps anything thrown into the one error body of the API (4xx with the reason, 5xx without details). */
export function toErrorBody(thrown: unknown): ApiErrorBody {
  const exception = thrown instanceof DomainError ? toHttpException(thrown) : thrown;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const detail = typeof response === 'string' ? { message: response } : (response as Record<string, unknown>);
    // A structured body without a message (the health check's report) is meant to be sent as it is.
    if (!('message' in detail))
      return { statusCode: status, error: statusText(status), message: statusText(status), ...detail };
    // Nest hands Fastify's own 4xx errors (malformed JSON, body too large) on as HttpExceptions caused by them.
    const message =
      fastifyMessage(exception.cause) ??
      (Array.isArray(detail.message)
        ? detail.message.join('; ')
        : String((detail.message as string | undefined) ?? exception.message));
    return {
      statusCode: status,
      error: statusText(status),
      message: bounded(message),
      ...(detail.fields ? { fields: detail.fields as Record<string, string> } : {}),
    };
  }
  // Two requests raced for the same unique value: the database decided, the loser gets a 409.
  if (exception instanceof QueryFailedError && (exception as { code?: string }).code === '23505') {
    return { statusCode: 409, error: statusText(409), message: 'This already exists' };
  }
  // Errors raised by Fastify itself before a handler runs (malformed JSON, body too large, ...).
  const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const status = fastifyError.statusCode;
    const message = fastifyMessage(fastifyError) ?? fastifyError.message ?? statusText(status);
    return { statusCode: status, error: statusText(status), message: bounded(message) };
  }
  return { statusCode: 500, error: statusText(500), message: 'Something went wrong on our side' };
}

function statusText(status: number) {
  const name = HttpStatus[status] as string | undefined;
  return name
    ? name.toLowerCase().replace(/(^|_)(\w)/g, (_, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase())
    : 'Error';
}
