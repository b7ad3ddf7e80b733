import 'reflect-metadata';
import { DECORATORS } from '@nestjs/swagger';
import { AdjustCreditsDto } from '../modules/admin/dto/adjust-credits.dto';
import { ListAdminEventsQuery, ListProvidersQuery } from '../modules/admin/dto/admin-list.query';
import { ListTransactionsQuery } from '../modules/admin/dto/list-transactions.query';
import { ProviderRetentionDto } from '../modules/admin/dto/provider-retention.dto';
import { ProviderVerificationDto } from '../modules/admin/dto/provider-verification.dto';
import { ChangePasswordDto } from '../modules/auth/dto/change-password.dto';
import { PasswordResetDto, PasswordResetRequestDto } from '../modules/auth/dto/password-reset.dto';
import { LoginDto } from '../modules/auth/dto/login.dto';
import { ProfileDataDto, RegisterDto } from '../modules/auth/dto/register.dto';
import { CreateEventDto } from '../modules/events/dto/create-event.dto';
import { CustomerAccessDto } from '../modules/events/dto/customer-access.dto';
import { CustomerPermissionsDto } from '../modules/events/dto/customer-permissions.dto';
import { ScreenControlsDto } from '../modules/events/dto/screen-controls.dto';
import { UpdateEventDto } from '../modules/events/dto/update-event.dto';
import { CreateMessageSubmissionDto } from '../modules/memories/dto/create-message-submission.dto';
import { HeartDto } from '../modules/memories/dto/heart.dto';
import { DrawingSubmissionDto, PhotoSubmissionFields } from '../modules/memories/dto/image-submission.dto';
import { UpdateMemoryDto } from '../modules/memories/dto/update-memory.dto';
import { BulkModerationDto } from '../modules/memories/dto/bulk-moderation.dto';
import { MyMemoriesDto } from '../modules/memories/dto/my-memories.dto';
import { CreatePaymentIntentDto } from '../modules/payments/dto/create-payment-intent.dto';
import { ResetCustomerPasswordDto, ResetProviderPasswordDto } from '../modules/users/dto/reset-password.dto';
import { UpdateProfileDto } from '../modules/users/dto/update-profile.dto';
import contractSchemas from './contract-schemas.json';
import type { ContractSchema } from './responses';

/**
 * Each request DTO has exactly the fields of the contract it implements, each as required as there: the
 * compiler's `implements` misses an optional field renamed on one side only, this does not.
 */
const DTOS: [new () => object, ContractSchema][] = [
  [LoginDto, 'LoginRequest'],
  [RegisterDto, 'RegisterRequest'],
  [ProfileDataDto, 'UserProfile'],
  [ChangePasswordDto, 'ChangePasswordRequest'],
  [PasswordResetRequestDto, 'PasswordResetRequest'],
  [PasswordResetDto, 'PasswordResetBody'],
  [UpdateProfileDto, 'UpdateProfileRequest'],
  [ResetCustomerPasswordDto, 'ResetCustomerPasswordRequest'],
  [ResetProviderPasswordDto, 'ResetProviderPasswordRequest'],
  [CreateEventDto, 'CreateEventRequest'],
  [UpdateEventDto, 'UpdateEventRequest'],
  [CustomerAccessDto, 'CustomerAccessRequest'],
  [CustomerPermissionsDto, 'CustomerPermissionsRequest'],
  [ScreenControlsDto, 'ScreenControlsChange'],
  [UpdateMemoryDto, 'UpdateMemoryRequest'],
  [BulkModerationDto, 'BulkModerationRequest'],
  [MyMemoriesDto, 'MyMemoriesRequest'],
  [CreateMessageSubmissionDto, 'MessageSubmissionRequest'],
  [PhotoSubmissionFields, 'PhotoSubmissionFields'],
  [DrawingSubmissionDto, 'DrawingSubmissionRequest'],
  [HeartDto, 'HeartRequest'],
  [CreatePaymentIntentDto, 'CreatePaymentIntentRequest'],
  [AdjustCreditsDto, 'AdjustCreditsRequest'],
  [ListTransactionsQuery, 'ListTransactionsRequest'],
  [ListProvidersQuery, 'ListProvidersRequest'],
  [ListAdminEventsQuery, 'ListAdminEventsRequest'],
  [ProviderVerificationDto, 'ProviderVerificationRequest'],
  [ProviderRetentionDto, 'ProviderRetentionRequest'],
];

function dtoFields(dto: new () => object) {
  const names = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, dto.prototype) as string[]).map((name) =>
    name.slice(1),
  );
  const required = names.filter(
    (name) =>
      (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, name) as { required?: boolean }).required !==
      false,
  );
  return { fields: [...new Set(names)].sort(), required: [...new Set(required)].sort() };
}

function contractFields(name: ContractSchema) {
  const schema = contractSchemas[name] as { properties?: object; required?: string[] };
  return { fields: Object.keys(schema.properties ?? {}).sort(), required: [...(schema.required ?? [])].sort() };
}

describe('request DTOs and the contracts of libs/contracts', () => {
  it.each(DTOS.map(([dto, contract]) => [dto.name, contract, dto] as const))(
    '%s has the fields of %s',
    (_name, contract, dto) => {
      expect(dtoFields(dto)).toEqual(contractFields(contract));
    },
  );
});
