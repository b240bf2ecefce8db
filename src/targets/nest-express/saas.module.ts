import { Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { ApiController, AppController, PublicController } from './saas.controllers.js';
import { DtoValidationPipe } from './saas.dto.js';
import { storeProvider } from './saas.store.js';

@Module({
  controllers: [PublicController, ApiController, AppController],
  providers: [storeProvider, { provide: APP_PIPE, useClass: DtoValidationPipe }],
})
export class SaasModule {}
