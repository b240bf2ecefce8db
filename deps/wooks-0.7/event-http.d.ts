// @wooksjs/event-http as installed in this folder's node_modules (see package.json).
export * from '@wooksjs/event-http';
