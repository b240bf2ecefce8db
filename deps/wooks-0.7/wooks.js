// wooks as installed in this folder's node_modules (see package.json).
export * from 'wooks';
