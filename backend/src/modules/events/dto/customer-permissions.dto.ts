import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { CustomerPermissionsRequest } from '@memory-wall/contracts';

/** A provider changes what its customer may do; the permissions left out stay as they are. */
export class CustomerPermissionsDto implements CustomerPermissionsRequest {
  @ApiPropertyOptional({ description: 'See and decide pending, held and flagged memories; feature and flag' })
  @IsOptional()
  @IsBoolean()
  canModerate?: boolean;

  @ApiPropertyOptional({ description: 'Change the wall settings' })
  @IsOptional()
  @IsBoolean()
  canEditTheme?: boolean;

  @ApiPropertyOptional({ description: "Change the event's details" })
  @IsOptional()
  @IsBoolean()
  canEditDetails?: boolean;
}
