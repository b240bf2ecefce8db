/**
 * The NestJS fanout with @nestjs/axios of the NestJS HTTP Module Performance Comparison
 * (https://www.npmjs.com/package/nestjs-undici), on NestJS 10 from deps/nest-10: HttpModule
 * registered with no options, as a Nest app does by default, so axios runs on node's global
 * http agent, which keeps connections alive on Node >= 19.
 */
import { HttpModule, HttpService } from 'nest-10/axios';
import { Controller, Get, Inject, Module, Param } from 'nest-10/common';
import { firstValueFrom } from 'nest-10/rxjs';
import { FANOUT_CALLS, type FanoutAnswer, type UpstreamAnswer, upstreamPath } from '../../suites/fanout/contract.js';
import { upstreamUrl } from '../_lib/app-env.js';

const base = upstreamUrl();

@Controller()
class FanoutController {
  // Injected by its class as token, so the import stays a value import (design:paramtypes needs one).
  constructor(@Inject(HttpService) private readonly http: HttpService) {}

  @Get('fanout/:id')
  async fanout(@Param('id') id: string): Promise<FanoutAnswer> {
    // axios rejects a status outside 2xx, which Nest answers with 500.
    const parts = await Promise.all(
      Array.from({ length: FANOUT_CALLS }, async (_, part) => {
        const response = await firstValueFrom(this.http.get<UpstreamAnswer>(base + upstreamPath(id, part)));
        return response.data;
      }),
    );
    return { id, parts };
  }
}

@Module({ imports: [HttpModule.register({})], controllers: [FanoutController] })
export class AxiosFanoutModule {}
