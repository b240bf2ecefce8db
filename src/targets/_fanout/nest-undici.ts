/**
 * The NestJS fanout with nestjs-undici 0.1.54 of the NestJS HTTP Module Performance Comparison
 * (https://www.npmjs.com/package/nestjs-undici), on NestJS 10 and undici 5.29.0 from
 * deps/nest-10: HttpModule registered with no options, so each request() goes through
 * undici's global Agent, which keeps connections alive. Its request() Observable never errors
 * (a failed call is an unhandled rejection), so the status is checked here and the answers by
 * gauntlet.
 */
import { Controller, Get, Inject, HttpException, Module, Param } from 'nest-10/common';
import { firstValueFrom } from 'nest-10/rxjs';
import { HttpModule, HttpService } from 'nest-10/undici';
import { FANOUT_CALLS, type FanoutAnswer, type UpstreamAnswer, upstreamPath } from '../../suites/fanout/contract.js';
import { upstreamUrl } from '../_lib/app-env.js';

const base = upstreamUrl();

@Controller()
class FanoutController {
  // Injected by its class as token, so the import stays a value import (design:paramtypes needs one).
  constructor(@Inject(HttpService) private readonly http: HttpService) {}

  @Get('fanout/:id')
  async fanout(@Param('id') id: string): Promise<FanoutAnswer> {
    const parts = await Promise.all(
      Array.from({ length: FANOUT_CALLS }, async (_, part) => {
        const response = await firstValueFrom(this.http.request(base + upstreamPath(id, part)));
        if (response.statusCode !== 200) {
          await response.body.dump();
          throw new HttpException(`upstream answered ${response.statusCode}`, 502);
        }
        return (await response.body.json()) as UpstreamAnswer;
      }),
    );
    return { id, parts };
  }
}

@Module({ imports: [HttpModule.register({})], controllers: [FanoutController] })
export class UndiciFanoutModule {}
