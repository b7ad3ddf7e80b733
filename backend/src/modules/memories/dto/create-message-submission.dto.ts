import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Messages, MessageSubmissionRequest } from '@memory-wall/contracts';
import { trim } from '../../../common/transforms';

export class CreateMessageSubmissionDto implements MessageSubmissionRequest {
  @ApiProperty({ example: 'Aunt May', maxLength: 100 })
  @Transform(trim)
  @IsString({ message: Messages.nameRequired })
  @IsNotEmpty({ message: Messages.nameRequired })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name: string;

  @ApiProperty({ example: 'Congratulations to you both!', maxLength: 5000 })
  @Transform(trim)
  @IsString({ message: Messages.messageRequired })
  @IsNotEmpty({ message: Messages.messageRequired })
  @MaxLength(5000, { message: 'Message must be at most 5000 characters' })
  message: string;

  @ApiPropertyOptional({ example: 'A toast', maxLength: 200 })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'Title must be text' })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  title?: string;
}
