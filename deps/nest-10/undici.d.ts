// nestjs-undici 0.1.54 as installed in lib/node_modules (see package.json).
export * from './lib/node_modules/nestjs-undici/index.js';
