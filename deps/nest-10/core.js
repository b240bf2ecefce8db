// @nestjs/core 10 as installed in lib/node_modules (see package.json).
export * from './lib/node_modules/@nestjs/core/index.js';
