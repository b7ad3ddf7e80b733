import { ValidationPipe } from '@nestjs/common';
import { validationException } from './api-errors';

/** DTO validation for every route: unknown fields are refused, not silently dropped or applied. */
export const apiValidationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: validationException,
  });
