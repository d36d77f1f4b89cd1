export * from './directory';
export * from './community';
export * from './metrics';
export * from './content';
export * from './commerce';
