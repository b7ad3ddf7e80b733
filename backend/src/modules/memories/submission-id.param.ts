import { BadRequestException, createParamDecorator, ExecutionContext, ParseUUIDPipe } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MemoryMessages, SUBMISSION_ID_HEADER } from '@memory-wall/contracts';

const submissionIdHeader = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<FastifyRequest>().headers[SUBMISSION_ID_HEADER],
);

/** The client's optional id of a submission (see SUBMISSION_ID_HEADER); anything but a UUID is a 400. */
export const SubmissionId = () =>
  submissionIdHeader(
    new ParseUUIDPipe({
      optional: true,
      exceptionFactory: () => new BadRequestException(MemoryMessages.submissionIdInvalid),
    }),
  );

/** The submission id that proves a guest's own memory: required. */
export const OwnSubmissionId = () =>
  submissionIdHeader(
    new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(MemoryMessages.submissionIdRequired) }),
  );
