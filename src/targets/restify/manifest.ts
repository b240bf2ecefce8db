import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'restify',
  title: 'restify',
  description: 'restify 11 (pinned: restify 12 needs Node >= 22) with default server options and no plugins',
  packages: ['restify'],
  router: true,
  homepage: 'http://restify.com',
  apps: { hello: 'hello.js' },
  minNode: 20,
  // Found by gauntlet verify --runtime (restify 11.1.0 loads spdy, which reaches into node internals).
  unsupportedRuntimes: [
    { runtime: 'node@24', reason: "restify 11 loads spdy, whose http-deceiver calls process.binding('http_parser'), gone since Node 24 (No such module: http_parser)" },
    { runtime: 'node@26', reason: "restify 11 loads spdy, whose http-deceiver calls process.binding('http_parser'), gone since Node 24 (No such module: http_parser)" },
    { runtime: 'bun', reason: "restify 11 loads spdy, whose handle-thing calls process.binding('stream_wrap'), which Bun does not implement" },
  ],
  features: [],
});
