import { BadRequestException, ParseEnumPipe } from '@nestjs/common';

/**
 * An optional query value that must be one of `values`; anything else is a 400 naming the field, as a
 * DTO's would. For a GET with a few enumerated options this is far cheaper than validating a query DTO.
 */
export const QueryEnum = (field: string, values: Record<string, string>) => {
  const message = `${field} must be one of ${Object.values(values).join(', ')}`;
  return new ParseEnumPipe(values, {
    optional: true,
    exceptionFactory: () => new BadRequestException({ message, fields: { [field]: message } }),
  });
};
