import { Controller, Get, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { OutboxMailView, OutboxMailResponse, Role } from '@memory-wall/contracts';
import { AppConfig, OutboxMail } from '@memory-wall/core';
import { Roles } from '../../common/auth/auth.decorators';
import { Answers } from '../../openapi/responses';

/** The newest mails the page lists. */
const LISTED = 200;

/** The local mail outbox, where mail goes without SMTP_URL: the owner reads it in the console. */
@ApiTags('admin')
@Controller('admin')
@Roles(Role.Owner)
export class AdminMailController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Get('mail')
  @ApiOperation({ summary: 'The mails kept in the local outbox (newest first), and whether SMTP is configured' })
  @Answers(200, 'OutboxMailResponse')
  async list(): Promise<OutboxMailResponse> {
    const mails = await this.dataSource.getRepository(OutboxMail).find({ order: { createdAt: 'DESC' }, take: LISTED });
    return { smtpConfigured: this.config.SMTP_URL !== '', mails: mails.map(toView) };
  }
}

const toView = (mail: OutboxMail): OutboxMailView => ({
  id: mail.id,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  createdAt: mail.createdAt.toISOString(),
});
