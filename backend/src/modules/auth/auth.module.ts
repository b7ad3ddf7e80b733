import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '@memory-wall/core';
import { RateLimits } from '../../common/rate-limits';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { OwnerBootstrap } from './owner-bootstrap';
import { PasswordResets } from './password-resets';
import { RegistrationThrottle } from './registration-throttle';

@Module({
  imports: [UsersModule, TypeOrmModule.forFeature([User])],
  controllers: [AuthController],
  providers: [AuthService, RateLimits, LoginThrottle, RegistrationThrottle, OwnerBootstrap, PasswordResets],
})
export class AuthModule {}
