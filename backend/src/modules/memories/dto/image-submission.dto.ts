import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  BOOLEAN_TEXTS,
  BooleanText,
  MemoryMessages,
  DrawingSubmissionRequest,
  ImageSubmissionFields as ImageSubmissionRequestFields,
  PhotoSubmissionFields as PhotoSubmissionRequestFields,
} from '@memory-wall/contracts';
import { trim } from '../../../common/transforms';

/** The text fields that come with a photo (multipart) or a drawing. */
export class ImageSubmissionFields implements ImageSubmissionRequestFields {
  @ApiProperty({ example: 'Aunt May' })
  @Transform(trim)
  @IsString({ message: MemoryMessages.nameRequired })
  @IsNotEmpty({ message: MemoryMessages.nameRequired })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'Caption must be at most 500 characters' })
  photoCaption?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @Transform(trim)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  title?: string;
}

/** Multipart fields of a photo; `bulk` marks a host's bulk upload (5 MB per file instead of 10). */
export class PhotoSubmissionFields extends ImageSubmissionFields implements PhotoSubmissionRequestFields {
  @ApiPropertyOptional({ enum: BOOLEAN_TEXTS })
  @IsOptional()
  @IsIn(BOOLEAN_TEXTS)
  bulk?: BooleanText;
}

/** A drawing from the drawing pad: a PNG as a data URL. */
export class DrawingSubmissionDto extends ImageSubmissionFields implements DrawingSubmissionRequest {
  @ApiProperty({ description: 'data:image/png;base64,…' })
  @IsString({ message: MemoryMessages.drawingRequired })
  @Matches(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { message: MemoryMessages.drawingRequired })
  content: string;
}

/** The photo form as a client sends it: the fields and the file (which receiveFile reads, not the pipe). */
export class PhotoSubmissionForm extends PhotoSubmissionFields {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, GIF, WebP or HEIC (by content, not by name); at most 10 MB, 5 MB with bulk',
  })
  photo: Blob;
}

/** The voice form as a client sends it: the fields and the recording (which receiveFile reads, not the pipe). */
export class VoiceSubmissionForm extends ImageSubmissionFields {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      'A recording (WebM/Opus, MP4/AAC, Ogg, M4A, WAV or MP3, by content, not by name); at most 2 minutes and 10 MB',
  })
  voice: Blob;
}
