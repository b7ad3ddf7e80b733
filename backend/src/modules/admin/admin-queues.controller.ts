import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueuesResponse, Role } from '@memory-wall/contracts';
import { Roles } from '../../common/auth/auth.decorators';
import { Answers, Refuses } from '../../openapi/responses';
import { QueueOverviewService } from './queue-overview.service';

/** The queues in view for the owner: counts, failed jobs and their errors; retry or remove a failed job. */
@ApiTags('admin')
@Controller('admin/queues')
@Roles(Role.Owner)
export class AdminQueuesController {
  constructor(private readonly queues: QueueOverviewService) {}

  @Get()
  @ApiOperation({ summary: 'Every queue with its job counts and its latest failed jobs, with their errors' })
  @Answers(200, 'QueuesResponse')
  async list(): Promise<QueuesResponse> {
    return { queues: await this.queues.list() };
  }

  @Post(':queue/jobs/:jobId/retry')
  @HttpCode(200)
  @ApiOperation({ summary: 'Runs a failed job again' })
  @Answers(200, 'SuccessResponse')
  @Refuses(409)
  async retry(@Param('queue') queue: string, @Param('jobId') jobId: string) {
    await this.queues.retry(queue, jobId);
    return { success: true };
  }

  @Delete(':queue/jobs/:jobId')
  @ApiOperation({ summary: 'Removes a failed job' })
  @Answers(200, 'SuccessResponse')
  @Refuses(409)
  async remove(@Param('queue') queue: string, @Param('jobId') jobId: string) {
    await this.queues.remove(queue, jobId);
    return { success: true };
  }
}
