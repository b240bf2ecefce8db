// reflect-metadata 0.1.14, the line nestjs-undici asks for, as installed in lib/node_modules (see package.json).
import './lib/node_modules/reflect-metadata/Reflect.js';
