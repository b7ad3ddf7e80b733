import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreditLedger, CreditTransaction, ServiceProvider } from '@memory-wall/core';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';

@Module({
  imports: [TypeOrmModule.forFeature([ServiceProvider, CreditTransaction])],
  controllers: [CreditsController],
  providers: [CreditsService, CreditLedger],
  exports: [CreditLedger],
})
export class CreditsModule {}
