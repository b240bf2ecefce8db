import { Controller, Get, Header, Param } from '@nestjs/common';

@Controller()
export class AppController {
  // Express sends a returned string as text/html unless the type is set.
  @Get()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  hello(): string {
    return 'Hello, world!';
  }

  @Get('json')
  json(): { hello: string } {
    return { hello: 'world' };
  }

  @Get('user/:id')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  user(@Param('id') id: string): string {
    return id;
  }
}
