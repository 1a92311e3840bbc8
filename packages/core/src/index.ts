export * from './model/types.js';
export * from './messages.js';
export * from './graph/walk.js';
