/** The text and json routes, as the HTTP/1.1 (hello.js) and HTTP/2 (h2.js) apps both serve them. */
import type Router from '@koa/router';

export function addTextAndJson(router: Router): Router {
  // Koa picks the type from the body: a string is text/plain, an object is JSON.
  router.get('/', (ctx) => {
    ctx.body = 'Hello, world!';
  });

  router.get('/json', (ctx) => {
    ctx.body = { hello: 'world' };
  });
  return router;
}
