import Koa from 'koa';
import Router from '@koa/router';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = new Koa();
const router = new Router();

// Koa picks the type from the body: a string is text/plain, an object is JSON.
router.get('/', (ctx) => {
  ctx.body = 'Hello, world!';
});

router.get('/json', (ctx) => {
  ctx.body = { hello: 'world' };
});

router.get('/user/:id', (ctx) => {
  ctx.body = ctx.params.id;
});

app.use(router.routes());

const { host, port } = listenAddress();
app.listen(port, host, () => announceListening('koa'));
exitWhenOrphaned();
