import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import { ValidationError } from 'class-validator';
import { QueryFailedError } from 'typeorm';
import { ApiErrorBody } from '@memory-wall/contracts';

/** A 429 that tells the client when to come back (sent as Retry-After). */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Flattens class-validator errors into { field: message }, nested fields as `a.b`. class-validator lists a
 * property's constraints bottom-up, so the last one is the top-most decorator: the field's main rule.
 */
export function fieldMessages(errors: ValidationError[], parent = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length) fields[path] = messages[messages.length - 1];
    Object.assign(fields, fieldMessages(error.children ?? [], path));
  }
  return fields;
}

export function validationException(errors: ValidationError[]) {
  const fields = fieldMessages(errors);
  return new BadRequestException({ message: Object.values(fields)[0] ?? 'Invalid request', fields });
}

/** Maps anything thrown into the one error body of the API (4xx with the reason, 5xx without details). */
export function toErrorBody(exception: unknown): ApiErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const detail = typeof response === 'string' ? { message: response } : (response as Record<string, unknown>);
    // A structured body without a message (the health check's report) is meant to be sent as it is.
    if (!('message' in detail)) return { statusCode: status, error: statusText(status), message: statusText(status), ...detail };
    const message = Array.isArray(detail.message) ? detail.message.join('; ') : String(detail.message ?? exception.message);
    return {
      statusCode: status,
      error: statusText(status),
      message,
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
    const message = fastifyError.code === 'FST_ERR_CTP_INVALID_JSON' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      ? 'The request body is not valid JSON'
      : (fastifyError.message ?? statusText(status));
    return { statusCode: status, error: statusText(status), message };
  }
  return { statusCode: 500, error: statusText(500), message: 'Something went wrong on our side' };
}

function statusText(status: number) {
  const name = HttpStatus[status] as string | undefined;
  return name ? name.toLowerCase().replace(/(^|_)(\w)/g, (_, sep, c) => (sep ? ' ' : '') + c.toUpperCase()) : 'Error';
}
