// rxjs 7, the copy the Nest 10 modules use as installed in lib/node_modules (see package.json).
export * from './lib/node_modules/rxjs/dist/cjs/index.js';
