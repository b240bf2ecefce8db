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
import type { Response } from 'express';
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
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) res: Response) {
    const session = await this.store.login(body.email, body.password);
    if (!session) throw new UnauthorizedException();
    res.cookie('sid', session, { path: '/', httpOnly: true, sameSite: 'lax' });
    // store.login answers only the session id; the one user it can log in is the contract's.
    return { user: { id: USER.id, name: USER.name } };
  }

  @Post('auth/logout')
  @HttpCode(204)
  logout(@Res({ passthrough: true }) res: Response) {
    res.cookie('sid', '', { path: '/', maxAge: 0 });
  }

  // Express 5 (path-to-regexp 8) names the wildcard and hands it over as its segments.
  @Get('assets/*path')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  asset(@Param('path') path: string[]) {
    return { asset: path.join('/') };
  }

  @Get('docs/*path')
  doc(@Param('path') path: string[]) {
    return { doc: path.join('/') };
  }
}
