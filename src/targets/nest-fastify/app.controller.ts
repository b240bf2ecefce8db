import { Controller, Get, Param } from '@nestjs/common';

// No @Header needed: Fastify sends a returned string as text/plain and an object as JSON.
@Controller()
export class AppController {
  @Get()
  hello(): string {
    return 'Hello, world!';
  }

  @Get('json')
  json(): { hello: string } {
    return { hello: 'world' };
  }

  @Get('user/:id')
  user(@Param('id') id: string): string {
    return id;
  }
}
