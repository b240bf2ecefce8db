// @wooksjs/http-body as installed in this folder's node_modules (see package.json).
export * from '@wooksjs/http-body';
