import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthMessages, UserResponse } from '@memory-wall/contracts';
import { CurrentSession, Public } from '../../common/auth/auth.decorators';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { PasswordResetDto, PasswordResetRequestDto } from './dto/password-reset.dto';
import { PasswordResets } from './password-resets';
import { RegisterDto } from './dto/register.dto';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import type { Session } from './session.store';
import { Answers, Refuses, SESSION_SCHEME } from '../../openapi/responses';

type SessionRequest = FastifyRequest & { sessionId?: string };

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly resets: PasswordResets,
  ) {}

  @Public()
  @Post('register')
  @ApiOperation({
    summary: 'Create an account (guest, customer or service provider) and sign in; rate-limited per address',
  })
  @Answers(201, 'UserResponse', 'Registered and signed in (sets the session cookie)')
  @Refuses(409, 429)
  async register(
    @Body() dto: RegisterDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserResponse> {
    const { user, sessionId } = await this.auth.register(dto, req.ip, req.sessionId);
    setSessionCookie(req, reply, sessionId);
    return { user };
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email or username; rate-limited per account and per address' })
  @Answers(200, 'UserResponse', 'Signed in (sets the session cookie)')
  @Refuses(401, 429)
  async login(
    @Body() dto: LoginDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserResponse> {
    const { user, sessionId } = await this.auth.login(dto, req.ip, req.sessionId);
    setSessionCookie(req, reply, sessionId);
    return { user };
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End this session' })
  @ApiCookieAuth(SESSION_SCHEME)
  @Answers(200, 'SuccessResponse', 'Signed out (clears the session cookie)')
  async logout(@Req() req: SessionRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.logout(req.sessionId);
    clearSessionCookie(reply);
    return { success: true };
  }

  @Public()
  @Post('password-reset/request')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Mail a password reset link (30 minutes, single use); the same answer whether or not the account exists',
  })
  @Answers(202, 'PasswordResetRequestedResponse', 'Accepted: a link is mailed if the account exists')
  @Refuses(429)
  async requestPasswordReset(@Body() dto: PasswordResetRequestDto, @Req() req: SessionRequest) {
    await this.resets.request(dto, req.ip);
    return { success: true, message: AuthMessages.resetRequested };
  }

  @Public()
  @Post('password-reset')
  @HttpCode(200)
  @ApiOperation({ summary: "Set a new password with a mailed link's token; ends every session of the account" })
  @Answers(200, 'SuccessResponse', 'Changed: sign in with the new password')
  async resetPassword(@Body() dto: PasswordResetDto) {
    await this.resets.reset(dto);
    return { success: true };
  }

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user (401 when signed out)' })
  @Answers(200, 'UserResponse')
  async me(@CurrentSession() session: Session): Promise<UserResponse> {
    return { user: await this.users.getSessionUser(session.userId) };
  }

  @Post('change-password')
  @HttpCode(200)
  @ApiOperation({ summary: "Change one's own password; ends every other session" })
  @Answers(200, 'SuccessResponse', 'Changed; this session continues under a new cookie')
  async changePassword(
    @CurrentSession() session: Session,
    @Body() dto: ChangePasswordDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.users.changeOwnPassword(session, dto);
    const { sessionId } = await this.auth.startSession(session.userId);
    setSessionCookie(req, reply, sessionId);
    return { success: true };
  }
}
