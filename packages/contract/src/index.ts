export * from './paths.ts';
export * from './common.ts';
export * from './session.ts';
export * from './config.ts';
export * from './geo.ts';
export * from './stores.ts';
export * from './menu.ts';
