import { Get } from '@moostjs/event-http';
import { Controller, Param } from 'moost';

// Wooks (under Moost) renders a returned string as text/plain and an object as JSON,
// so no @SetHeader is needed.
@Controller()
export class AppController {
  @Get('')
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
