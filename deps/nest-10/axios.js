// @nestjs/axios 3 as installed in lib/node_modules (see package.json).
export * from './lib/node_modules/@nestjs/axios/dist/index.js';
