import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { plainToInstance, Type } from 'class-transformer';
import { IsNotEmpty, IsString, MinLength, ValidateNested, ValidationError, validateSync } from 'class-validator';
import { AuthMessages, DomainErrorCode, EventMessages, Messages, RequestMessages } from '@memory-wall/contracts';
import { DomainError } from '@memory-wall/core';
import {
  fieldMessages,
  MAX_ERROR_FIELDS,
  MAX_ERROR_TEXT,
  toErrorBody,
  validationError,
  validationException,
} from './api-errors';

class Address {
  @IsNotEmpty({ message: 'City is required' })
  city: string;
}

class Guest {
  @IsString({ message: 'Name must be text' })
  @MinLength(3, { message: 'Name is too short' })
  name: unknown;

  @ValidateNested()
  @Type(() => Address)
  address: Address;
}

const errorsOf = (plain: object) => validateSync(plainToInstance(Guest, plain));

describe('fieldMessages', () => {
  it('flattens nested errors into a.b keys, one message per field (the top-most rule)', () => {
    expect(fieldMessages(errorsOf({ name: 7, address: { city: '' } }))).toEqual({
      name: 'Name must be text',
      'address.city': 'City is required',
    });
  });

  it('is empty for a valid object', () => {
    expect(fieldMessages(errorsOf({ name: 'Zed', address: { city: 'Oslo' } }))).toEqual({});
  });
});

describe('toErrorBody', () => {
  it('keeps the message and the per-field messages of a validation failure', () => {
    const exception = validationException(errorsOf({ name: 'Zed', address: { city: '' } }));
    expect(toErrorBody(exception)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'City is required',
      fields: { 'address.city': 'City is required' },
    });
  });

  it('joins a list of messages', () => {
    expect(toErrorBody(new BadRequestException(['a is bad', 'b is bad']))).toMatchObject({
      statusCode: 400,
      message: 'a is bad; b is bad',
    });
  });

  it('answers a NotFoundException with its message and no fields', () => {
    expect(toErrorBody(new NotFoundException('Event not found'))).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Event not found',
    });
  });

  it('answers each domain error code with its status, and the message and fields domain code gave', () => {
    const statuses = Object.values(DomainErrorCode).map((code) => [
      code,
      toErrorBody(new DomainError(code, 'Why')).statusCode,
    ]);
    expect(Object.fromEntries(statuses)).toEqual({
      [DomainErrorCode.Invalid]: 400,
      [DomainErrorCode.Unauthenticated]: 401,
      [DomainErrorCode.NotEnoughCredits]: 402,
      [DomainErrorCode.Forbidden]: 403,
      [DomainErrorCode.NotFound]: 404,
      [DomainErrorCode.Conflict]: 409,
      [DomainErrorCode.TooLarge]: 413,
      [DomainErrorCode.Unprocessable]: 422,
      [DomainErrorCode.UpstreamFailed]: 502,
      [DomainErrorCode.Unavailable]: 503,
    });
    expect(toErrorBody(new DomainError(DomainErrorCode.NotFound, Messages.eventNotFound))).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: Messages.eventNotFound,
    });
    const taken = DomainError.ofFields(DomainErrorCode.Conflict, { eventCode: EventMessages.eventCodeTaken });
    expect(toErrorBody(taken)).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: EventMessages.eventCodeTaken,
      fields: { eventCode: EventMessages.eventCodeTaken },
    });
    expect(toErrorBody(new DomainError(DomainErrorCode.Forbidden, AuthMessages.accessDenied))).toMatchObject({
      statusCode: 403,
      message: AuthMessages.accessDenied,
    });
  });

  it('answers a validation failure found by domain code exactly as one found by the pipe', () => {
    const errors = errorsOf({ name: 7, address: { city: '' } });
    expect(toErrorBody(validationError(errors))).toEqual(toErrorBody(validationException(errors)));
  });

  it("keeps the status of Fastify's own 4xx errors, with the catalogue's message", () => {
    const tooLarge = { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'Request body is too large' };
    expect(toErrorBody(tooLarge)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: RequestMessages.bodyTooLarge,
    });
    const badJson = {
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON',
      message: "Body is not valid JSON but content-type is set to 'application/json'",
    };
    expect(toErrorBody(badJson)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: RequestMessages.invalidJson,
    });
    // As Nest hands them on: an HttpException caused by the Fastify error.
    const mapped = new HttpException(tooLarge.message, 413, { cause: tooLarge });
    expect(toErrorBody(mapped)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: RequestMessages.bodyTooLarge,
    });
  });

  it('answers a validation failure of thousands of fields with a few bounded ones', () => {
    const errors = Array.from({ length: 5_000 }, (_, i) =>
      Object.assign(new ValidationError(), {
        property: `k${i}${'k'.repeat(1_000)}`,
        constraints: { whitelistValidation: `property k${i}${'k'.repeat(1_000)} should not exist` },
      }),
    );
    const body = toErrorBody(validationException(errors));
    expect(Object.keys(body.fields!)).toHaveLength(MAX_ERROR_FIELDS);
    expect(JSON.stringify(body).length).toBeLessThan(
      MAX_ERROR_FIELDS * 2 * (MAX_ERROR_TEXT + 10) + MAX_ERROR_TEXT + 100,
    );
  });

  it('answers anything else with a 500 that does not leak the error text', () => {
    const body = toErrorBody(new Error('connect ECONNREFUSED postgres://admin:hunter2@db/memorywall'));
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side',
    });
    expect(JSON.stringify(body)).not.toMatch(/hunter2|ECONNREFUSED/);
  });
});
