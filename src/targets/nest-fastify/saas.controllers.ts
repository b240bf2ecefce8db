/** The public tier of the saas API: cookies and wildcards are where the HTTP adapter shows. */
import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { USER } from '../../suites/saas/contract.js';
import type { SaasStore } from '../_lib/saas-store.js';
// A value import, not `import type`: Nest's validation pipe reads the class from decorator metadata.
import { LoginDto } from '../_nest/saas.dto.js';
import { SAAS_STORE } from '../_nest/saas.store.js';

@Controller()
export class PublicController {
  constructor(@Inject(SAAS_STORE) private readonly store: SaasStore) {}

  @Get('api/status')
  status() {
    return { status: 'ok' };
  }

  @Post('auth/login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.store.login(body.email, body.password);
    if (!session) throw new UnauthorizedException();
    // @fastify/cookie is not installed: the Set-Cookie header is written by hand.
    reply.header('set-cookie', `sid=${session}; Path=/; HttpOnly; SameSite=Lax`);
    // store.login answers only the session id; the one user it can log in is the contract's.
    return { user: { id: USER.id, name: USER.name } };
  }

  @Post('auth/logout')
  @HttpCode(204)
  logout(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('set-cookie', 'sid=; Path=/; Max-Age=0');
  }

  // Fastify's router (find-my-way) hands the wildcard over as the '*' param.
  @Get('assets/*')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  asset(@Param('*') asset: string) {
    return { asset };
  }

  @Get('docs/*')
  doc(@Param('*') doc: string) {
    return { doc };
  }
}
