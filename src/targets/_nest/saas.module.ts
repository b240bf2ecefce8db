/** The saas module of both NestJS targets, around the adapter's own public controller. */
import { Module, type Type } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { DtoValidationPipe } from './saas.dto.js';
import { storeProvider } from './saas.store.js';
import { ApiController, AppController } from './saas.tiers.js';

export function saasModule(publicController: Type<unknown>): Type<unknown> {
  @Module({
    controllers: [publicController, ApiController, AppController],
    providers: [storeProvider, { provide: APP_PIPE, useClass: DtoValidationPipe }],
  })
  class SaasModule {}
  return SaasModule;
}
