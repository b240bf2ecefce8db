import Koa from 'koa';
import Router from '@koa/router';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { addTextAndJson } from './routes.js';

const app = new Koa();
const router = addTextAndJson(new Router());

router.get('/user/:id', (ctx) => {
  ctx.body = ctx.params.id;
});

app.use(router.routes());

const { host, port } = listenAddress();
app.listen(port, host, () => announceListening('koa'));
exitWhenOrphaned();
